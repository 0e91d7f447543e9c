import { nonEmptyString, objectsIn } from './json-walk.js';

/** A custom object as the organization schema summary showed it. */
export interface FoundCustomObject {
  apiName: string;
  /** the first field the summary names under a key about matching, if any */
  matchField?: string;
}

const PREFIX = 'cus_obj__';

/**
 * The custom objects of GET /_organization_schema_summary: every object whose `api_name` starts with
 * `cus_obj__` (the spec's prefix), and, when that object names its match fields under a key about
 * matching (a string or an array of strings), the first of them. A bare `cus_obj__…` string in an
 * array counts too, without a match field. The shape is "not shown".
 */
export function customObjectsIn(body: unknown): FoundCustomObject[] {
  const found = new Map<string, FoundCustomObject>();
  for (const { node } of objectsIn(body)) {
    const apiName = node['api_name'];
    if (!nonEmptyString(apiName) || !apiName.startsWith(PREFIX) || found.has(apiName)) continue;
    const matchField = Object.entries(node)
      .filter(([k]) => /match/i.test(k))
      .map(([, v]) => (Array.isArray(v) ? v.find(nonEmptyString) : nonEmptyString(v) ? v : undefined))
      .find(nonEmptyString);
    found.set(apiName, { apiName, ...(matchField !== undefined ? { matchField } : {}) });
  }
  for (const s of bareNames(body)) if (!found.has(s)) found.set(s, { apiName: s });
  return [...found.values()];
}

/** `cus_obj__…` strings held in arrays, at any depth (bounded like objectsIn). */
function bareNames(body: unknown): string[] {
  const arrays: unknown[][] = Array.isArray(body) ? [body] : [];
  for (const { node } of objectsIn(body)) for (const v of Object.values(node)) if (Array.isArray(v)) arrays.push(v);
  return arrays.flatMap((a) => a.filter((x): x is string => nonEmptyString(x) && x.startsWith(PREFIX)));
}
