import { nonEmptyString, objectsIn } from './json-walk.js';
import { OPTION_KEYS, optionsIn, type FoundOption } from './select-lists.js';

/** An attribute as a discovery answer showed it. */
export interface FoundAttribute {
  apiName: string;
  valueType?: string;
  /** false when the answer says it cannot be written (read-only, not writable on create); else unknown or true */
  writable: boolean;
  required: boolean;
  unique: boolean;
  options: FoundOption[];
}

/** A custom object as the organization schema summary showed it. */
export interface FoundCustomObject {
  apiName: string;
  /** the first field the summary names under a key about matching, or an attribute marked unique */
  matchField?: string;
  /** how the match field was known */
  matchFrom?: string;
  /** the attributes listed with it, when the summary lists them */
  attributes: FoundAttribute[];
}

const PREFIX = 'cus_obj__';
const TYPE_KEYS = ['value_type', 'type', 'data_type', 'attribute_type'] as const;
const NAME_KEYS = ['api_name', 'name', 'key'] as const;

/** Whether an answer says an attribute cannot be written. */
function notWritable(o: Record<string, unknown>): boolean {
  if (o['read_only'] === true || o['readonly'] === true || o['is_read_only'] === true) return true;
  for (const k of ['writable', 'is_writable', 'is_writable_on_create', 'creatable', 'is_creatable'])
    if (o[k] === false) return true;
  const access = o['access'];
  return typeof access === 'string' && /^(ro|read[-_ ]?only)$/i.test(access);
}

/**
 * The attributes listed inside a discovery answer (or a part of one): objects naming themselves
 * (`api_name`, `name`) beside a value type (`value_type`, `type`), with what they say of writing,
 * being required (`is_required_on_create`, `required`), being unique (`is_unique`, `unique`) and their
 * select options (`options`, `select_options`, `choices`). Bounded like objectsIn.
 */
export function attributesIn(body: unknown): FoundAttribute[] {
  const out = new Map<string, FoundAttribute>();
  for (const { node } of objectsIn(body)) {
    const apiName = NAME_KEYS.map((k) => node[k]).find(nonEmptyString);
    const valueType = TYPE_KEYS.map((k) => node[k]).find(nonEmptyString);
    if (apiName === undefined || valueType === undefined || out.has(apiName)) continue;
    const options = Object.entries(node)
      .filter(([k]) => OPTION_KEYS.test(k))
      .flatMap(([, v]) => optionsIn(v));
    out.set(apiName, {
      apiName,
      valueType,
      writable: !notWritable(node),
      required: node['is_required_on_create'] === true || node['required'] === true,
      unique: node['is_unique'] === true || node['unique'] === true,
      options,
    });
  }
  return [...out.values()];
}

/**
 * The custom objects of GET /_organization_schema_summary: every object whose `api_name` starts with
 * `cus_obj__` (the spec's prefix), with the attributes it lists, and its match field: the first field
 * named under a key about matching (a string or an array of strings), else the one attribute it
 * marks unique. A bare `cus_obj__…` string in an array counts too, without a match field. The shape
 * is "not shown".
 */
export function customObjectsIn(body: unknown): FoundCustomObject[] {
  const found = new Map<string, FoundCustomObject>();
  for (const { node } of objectsIn(body)) {
    const apiName = NAME_KEYS.map((k) => node[k]).find(nonEmptyString);
    if (apiName === undefined || !apiName.startsWith(PREFIX) || found.has(apiName)) continue;
    const attributes = attributesIn(
      Object.fromEntries(Object.entries(node).filter(([k]) => !NAME_KEYS.includes(k as never))),
    );
    found.set(apiName, { apiName, attributes, ...matchFieldOf(node, attributes) });
  }
  for (const s of bareNames(body)) if (!found.has(s)) found.set(s, { apiName: s, attributes: [] });
  return [...found.values()];
}

/** The match field a custom object's listing names: under a key about matching, else its unique attribute. */
export function matchFieldOf(
  node: Record<string, unknown>,
  attributes: readonly FoundAttribute[],
): { matchField?: string; matchFrom?: string } {
  for (const [k, v] of Object.entries(node)) {
    if (!/match/i.test(k)) continue;
    const name = Array.isArray(v) ? v.find(nonEmptyString) : nonEmptyString(v) ? v : undefined;
    if (name !== undefined) return { matchField: name, matchFrom: `its ${k}` };
  }
  const unique = attributes.filter((a) => a.unique);
  if (unique.length > 0) return { matchField: unique[0]!.apiName, matchFrom: 'the attribute it marks is_unique' };
  return {};
}

/** `cus_obj__…` strings held in arrays, at any depth (bounded like objectsIn). */
function bareNames(body: unknown): string[] {
  const arrays: unknown[][] = Array.isArray(body) ? [body] : [];
  for (const { node } of objectsIn(body)) for (const v of Object.values(node)) if (Array.isArray(v)) arrays.push(v);
  return arrays.flatMap((a) => a.filter((x): x is string => nonEmptyString(x) && x.startsWith(PREFIX)));
}

/** A relationship a schema lists: its api_name and the record type it leads to. */
export interface FoundRelationship {
  apiName: string;
  relatedType: string;
}

/**
 * The relationships a discovery answer lists: objects with an `api_name` (or `name`) beside the
 * record type they lead to (`related_record_type`, `target_record_type`, `related_type`, …), at any
 * depth. The shape is "not shown": these are the names the spec's relationship items use.
 */
export function relationshipsIn(body: unknown): FoundRelationship[] {
  const out: FoundRelationship[] = [];
  for (const { node } of objectsIn(body)) {
    const apiName = NAME_KEYS.map((k) => node[k]).find(nonEmptyString);
    const relatedType = Object.entries(node)
      .filter(([k]) => /^(related|target)_?(record_)?(type|object)/i.test(k))
      .map(([, v]) => v)
      .find(nonEmptyString);
    if (apiName !== undefined && relatedType !== undefined && !out.some((r) => r.apiName === apiName))
      out.push({ apiName, relatedType });
  }
  return out;
}
