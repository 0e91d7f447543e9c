/**
 * Requests never leave the base URL. A path is appended to the base URL's path and refused when it
 * could land anywhere else: a dot segment (`..`, `.`, or `%2e%2e`, which URL parsers resolve), a
 * backslash (a slash to WHATWG URL parsers), a fragment, or a result whose origin or path is not
 * the base's. Values from the server that go into a path are also percent-encoded (`segment`), so
 * this is the net under that, and under the ledger that `cleanup` replays.
 */
export class OutsideBaseUrl extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`refused to send a request to ${JSON.stringify(path)}: ${reason}; it would leave the base URL`);
    this.name = 'OutsideBaseUrl';
  }
}

const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

/** The URL of `path` under `baseUrl`; throws OutsideBaseUrl when it would not stay there. */
export function assertUnderBase(baseUrl: string, path: string): URL {
  if (!path.startsWith('/')) throw new OutsideBaseUrl(path, 'a path under the base URL starts with /');
  const bare = path.split('?')[0] ?? path;
  if (bare.includes('#')) throw new OutsideBaseUrl(path, 'it holds a fragment (#)');
  if (bare.includes('\\')) throw new OutsideBaseUrl(path, 'it holds a backslash');
  if (bare.split('/').some((s) => DOT_SEGMENT.test(s))) {
    throw new OutsideBaseUrl(path, 'it holds a dot segment (. or ..)');
  }
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const u = new URL(base.origin + basePath + path);
  if (u.origin !== base.origin) throw new OutsideBaseUrl(path, 'it names another host');
  if (u.pathname !== basePath && !u.pathname.startsWith(basePath + '/')) {
    throw new OutsideBaseUrl(path, `its path is not under ${basePath || '/'}`);
  }
  return u;
}

/** Whether a path stays under the base URL (the ledger and `cleanup` skip one that does not). */
export function isUnderBase(baseUrl: string, path: string): boolean {
  try {
    assertUnderBase(baseUrl, path);
    return true;
  } catch {
    return false;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec: "Path parameters named `*_id` are uuid strings." */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A value from the server as one path segment: percent-encoded, so `/`, `?`, `#` and `..` stay inside it. */
export function segment(value: string): string {
  // `.` and `..` (even percent-encoded) are resolved as dot segments by URL parsers: no encoding keeps them
  if (value === '.' || value === '..') throw new OutsideBaseUrl(value, 'a dot segment cannot be a path parameter');
  return encodeURIComponent(value);
}
