import { nonEmptyString, objectsIn } from './json-walk.js';

const NAME_KEYS = ['api_name', 'name', 'key'] as const;

/** Whether an object sits in a collection of relationships (`relationships: [...]`, `associations`). */
export function inRelationships(keys: readonly string[]): boolean {
  const last = keys.at(-1);
  return last !== undefined && /relationship|association/i.test(last);
}

/** A relationship a schema lists: its api_name, the record type it leads to, and the one it leads from when said. */
export interface FoundRelationship {
  apiName: string;
  relatedType: string;
  /** the record type whose listing holds it (an enclosing `record_type` or `api_name`), when one does */
  ownerType?: string;
}

const OWNER_KEYS = ['record_type', 'object_api_name', 'api_name', 'name'] as const;

/**
 * The relationships a discovery answer lists: objects in a collection of relationships
 * (`relationships: [...]`), each with an `api_name` (or `name`) beside the record type it leads to
 * (`related_record_type`, `target_record_type`, `related_type`, …), at any depth, with the record type
 * whose listing holds it. An attribute is never one, even of value type record_reference: its
 * api_name is no relationship api_name. The shape is "not shown": these are the names the spec's
 * relationship items use.
 */
export function relationshipsIn(body: unknown): FoundRelationship[] {
  const out: FoundRelationship[] = [];
  for (const { node, keys, ancestors } of objectsIn(body)) {
    if (!inRelationships(keys) || node['value_type'] !== undefined) continue;
    const apiName = NAME_KEYS.map((k) => node[k]).find(nonEmptyString);
    const relatedType = Object.entries(node)
      .filter(([k]) => /^(related|target)_?(record_)?(type|object)/i.test(k))
      .map(([, v]) => v)
      .find(nonEmptyString);
    if (apiName === undefined || relatedType === undefined) continue;
    const holder = [...ancestors].reverse().find((a) => OWNER_KEYS.some((k) => nonEmptyString(a[k])));
    const ownerType = holder !== undefined ? OWNER_KEYS.map((k) => holder[k]).find(nonEmptyString) : undefined;
    if (!out.some((r) => r.apiName === apiName && r.ownerType === ownerType))
      out.push({ apiName, relatedType, ...(ownerType !== undefined ? { ownerType } : {}) });
  }
  return out;
}
