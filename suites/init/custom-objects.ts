import { nonEmptyString, objectsIn } from './json-walk.js';
import { isCustomObjectApiName } from '../spec/identifiers.js';
import { inRelationships } from '../preflight/relationships-listed.js';
import { listedOptions, OPTION_KEYS, optionsIn, selectListsIn, type FoundOption } from './select-lists.js';

/** An attribute as a discovery answer showed it. */
export interface FoundAttribute {
  apiName: string;
  valueType?: string;
  /** false when the answer says it cannot be written (read-only, not writable on create); else unknown or true */
  writable: boolean;
  required: boolean;
  unique: boolean;
  options: FoundOption[];
  /** where its options were: inline, or the list its select_list_ids name, or the list bound to it */
  optionsFrom?: string;
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
 * select options: inline (`options`, `select_options`, `choices`), or in the answer's select lists,
 * named by the attribute's `select_list_ids` or naming the attribute (`attribute_api_names`,
 * `attribute`). Bounded like objectsIn.
 */
export function attributesIn(body: unknown): FoundAttribute[] {
  const out = new Map<string, FoundAttribute>();
  const lists = selectListsIn(body);
  for (const { node } of objectsIn(body)) {
    const apiName = NAME_KEYS.map((k) => node[k]).find(nonEmptyString);
    const valueType = TYPE_KEYS.map((k) => node[k]).find(nonEmptyString);
    if (apiName === undefined || valueType === undefined || out.has(apiName)) continue;
    const inline = Object.entries(node)
      .filter(([k]) => OPTION_KEYS.test(k))
      .flatMap(([, v]) => optionsIn(v));
    const listed = inline.length > 0 ? { options: inline, how: 'inline' } : listedOptions(node, apiName, lists);
    out.set(apiName, {
      apiName,
      valueType,
      writable: !notWritable(node),
      required: node['is_required_on_create'] === true || node['required'] === true,
      unique: node['is_unique'] === true || node['unique'] === true,
      options: listed.options,
      ...(listed.options.length > 0 && listed.how !== undefined ? { optionsFrom: listed.how } : {}),
    });
  }
  return [...out.values()];
}

/** Keys under which a custom object's api_name names another record type (a relationship's target), not the object. */
const REFERENCE_KEY = /related|target|through|parent|reference/i;

/**
 * The custom objects of GET /_organization_schema_summary: every object holding a value that starts
 * with `cus_obj__` (the spec's prefix), under whatever key (`api_name`, `object_api_name`, ...), except
 * a relationship's target; with the attributes it lists, and its match field: the first field named
 * under a key about matching (a string or an array of strings), else the one attribute it marks
 * unique. Where one name is listed twice, the listing that says most is kept. A bare `cus_obj__…`
 * string in an array, or a relationship's target, counts too, without a match field. The shape is
 * "not shown".
 */
export function customObjectsIn(body: unknown): FoundCustomObject[] {
  const found = new Map<string, FoundCustomObject>();
  const weight = (o: FoundCustomObject) => o.attributes.length + (o.matchField !== undefined ? 1 : 0);
  const targets: string[] = [];
  for (const { node, keys } of objectsIn(body)) {
    const entries = Object.entries(node).filter(
      (e): e is [string, string] => nonEmptyString(e[1]) && e[1].startsWith(PREFIX),
    );
    if (inRelationships(keys)) {
      targets.push(...entries.map(([, v]) => v));
      continue;
    }
    const own = entries.find(([k]) => !REFERENCE_KEY.test(k));
    if (own === undefined) continue;
    const [key, apiName] = own;
    const attributes = attributesIn(Object.fromEntries(Object.entries(node).filter(([k]) => k !== key)));
    const co: FoundCustomObject = { apiName, attributes, ...matchFieldOf(node, attributes) };
    const before = found.get(apiName);
    if (before === undefined || weight(co) > weight(before)) found.set(apiName, co);
  }
  for (const s of [...bareNames(body), ...targets]) if (!found.has(s)) found.set(s, { apiName: s, attributes: [] });
  return [...found.values()];
}

/** The custom object a draft takes: the first listed with attributes or a match field, else the first. */
export function pickCustomObject(objects: readonly FoundCustomObject[]): FoundCustomObject | undefined {
  return objects.find((o) => o.attributes.length > 0 || o.matchField !== undefined) ?? objects[0];
}

/**
 * Organization B's own custom object in its schema summary: an api_name the summary lists that is a
 * safe identifier (it goes into request paths: suites/spec/identifiers.ts), another than organization
 * A's where B lists one (the checks with B's key under organization A's api_name already name that one).
 */
export function otherOrgCustomObjectIn(summary: unknown, organizationA: string | undefined): string | undefined {
  const types = customObjectsIn(summary)
    .map((o) => o.apiName)
    .filter(isCustomObjectApiName);
  return types.find((t) => t !== organizationA) ?? types[0];
}

/**
 * Whether a schema summary says, in a form the suite reads, that the workspace has no custom object: it
 * holds none the suite finds, and a list of them under a key naming custom objects (`custom_objects`,
 * `customObjects`) that is empty. Any other summary without one may list them in a shape not read.
 */
export function listsNoCustomObject(summary: unknown): boolean {
  if (customObjectsIn(summary).length > 0) return false;
  return objectsIn(summary).some(({ node }) =>
    Object.entries(node).some(([k, v]) => /^custom_?objects$/i.test(k) && Array.isArray(v) && v.length === 0),
  );
}

/**
 * Every custom object api_name a schema summary shows, wherever it stands: a string value or an object
 * key starting `cus_obj__`, in an array too, each once (bounded like objectsIn). Wider
 * than customObjectsIn (a relationship's target, a map keyed by name count too): it answers whether a
 * name is listed at all, whatever the shape around it (the shape is "not shown").
 */
export function customObjectNamesIn(summary: unknown): string[] {
  const names = new Set<string>();
  const add = (v: unknown): void => {
    if (nonEmptyString(v) && v.startsWith(PREFIX)) names.add(v);
  };
  if (Array.isArray(summary)) summary.forEach(add);
  for (const { node } of objectsIn(summary))
    for (const [k, v] of Object.entries(node)) {
      add(k);
      if (Array.isArray(v)) v.forEach(add);
      else add(v);
    }
  return [...names];
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

export { inRelationships, relationshipsIn, type FoundRelationship } from '../preflight/relationships-listed.js';
