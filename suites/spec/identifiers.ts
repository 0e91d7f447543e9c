/**
 * What a name from the server or the fixtures file must look like before it goes into a request
 * path (or the fixtures file `init` writes). The spec names custom objects by "api_name starts with
 * `cus_obj__`" and relationship api_names by example (`accounts`); an api_name that goes into a path
 * holds only letters, digits, `_` and `-`: no `/`, `%`, `.`, `?`, `#` or `\`, so no encoding or
 * decoding of it can make it another path, and no proxy can read it as a dot segment or a query.
 */
export const API_NAME_PATTERN = '^[A-Za-z0-9_-]{1,128}$';
export const CUSTOM_OBJECT_API_NAME_PATTERN = '^cus_obj__[A-Za-z0-9_-]{1,119}$';

const API_NAME = new RegExp(API_NAME_PATTERN);
const CUSTOM_OBJECT_API_NAME = new RegExp(CUSTOM_OBJECT_API_NAME_PATTERN);

/** A relationship (or attribute) api_name fit for a path segment. */
export function isApiName(v: unknown): v is string {
  return typeof v === 'string' && API_NAME.test(v);
}

/** A custom object's api_name: the spec's `cus_obj__` prefix, then the safe characters only. */
export function isCustomObjectApiName(v: unknown): v is string {
  return typeof v === 'string' && CUSTOM_OBJECT_API_NAME.test(v);
}
