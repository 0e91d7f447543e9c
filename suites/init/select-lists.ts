import { isUuid, nonEmptyString, objectsIn } from './json-walk.js';

/** A select option as a discovery answer showed it. */
export interface FoundOption {
  apiName: string;
  id?: string;
  displayName?: string;
}

/** A select list as a discovery answer showed it: its options, and its id when the answer gave a uuid. */
export interface FoundList {
  id?: string;
  options: FoundOption[];
  /** how it was known for a stage list: `bound to stage` (attribute_api_names) or `named after a stage` */
  how?: string;
}

const NAME_KEYS = ['api_name', 'name', 'key', 'value'] as const;
const DISPLAY_KEYS = ['display_name', 'label', 'title'] as const;

/** An option object: `{ api_name | name | key | value, id?, display_name | label? }`. */
export function optionOf(v: unknown): FoundOption | undefined {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  const apiName = NAME_KEYS.map((k) => o[k]).find(nonEmptyString);
  if (apiName === undefined) return undefined;
  const displayName = DISPLAY_KEYS.map((k) => o[k]).find(nonEmptyString);
  return {
    apiName,
    ...(isUuid(o['id']) ? { id: o['id'] } : {}),
    ...(displayName !== undefined ? { displayName } : {}),
  };
}

/** The options a property holds: an array of option objects (or of plain strings), or a map of them. */
export function optionsIn(v: unknown): FoundOption[] {
  const items = Array.isArray(v) ? v : v !== null && typeof v === 'object' ? Object.values(v) : [];
  if (items.length > 0 && items.every(nonEmptyString)) return (items as string[]).map((apiName) => ({ apiName }));
  const options = items.map(optionOf);
  return options.length > 0 && options.every((o) => o !== undefined) ? (options as FoundOption[]) : [];
}

/** Keys that hold a select's options. */
export const OPTION_KEYS = /option|choice|values$|^values|enum/i;

/** The attributes a list says it serves (`attribute_api_names: ["stage"]`, `attribute: "stage"`), when it says. */
function boundTo(node: Record<string, unknown>): string[] | undefined {
  for (const [k, v] of Object.entries(node)) {
    if (!/attribute/i.test(k)) continue;
    if (nonEmptyString(v)) return [v];
    if (Array.isArray(v) && v.some(nonEmptyString)) return v.filter(nonEmptyString);
  }
  return undefined;
}

/** The uuids an attribute names its select lists by (`select_list_ids: [..]`, `select_list_id`), with the key. */
export function listIdsOf(node: Record<string, unknown>): { ids: string[]; key?: string } {
  for (const [k, v] of Object.entries(node)) {
    if (!/select_?list_?ids?$/i.test(k)) continue;
    const ids = (Array.isArray(v) ? v : [v]).filter(isUuid);
    if (ids.length > 0) return { ids, key: k };
  }
  return { ids: [] };
}

/** A select list anywhere in an answer: its uuid, the attributes it says it serves, its options. */
export interface ListedSelect {
  id?: string;
  boundTo?: string[];
  /** the key naming the attributes it serves */
  boundBy?: string;
  options: FoundOption[];
}

/** Every collection of options in an answer, with the list's id and what it says it serves. Bounded like objectsIn. */
export function selectListsIn(body: unknown): ListedSelect[] {
  const out: ListedSelect[] = [];
  for (const { node } of objectsIn(body)) {
    const options = Object.entries(node)
      .filter(([k]) => OPTION_KEYS.test(k))
      .flatMap(([, v]) => optionsIn(v));
    if (options.length === 0) continue;
    const bound = boundTo(node);
    const boundBy = Object.keys(node).find((x) => /attribute/i.test(x));
    out.push({
      ...(isUuid(node['id']) ? { id: node['id'] } : {}),
      ...(bound !== undefined ? { boundTo: bound, ...(boundBy !== undefined ? { boundBy } : {}) } : {}),
      options,
    });
  }
  return out;
}

/**
 * The options of a select attribute held outside it: in the lists its `select_list_ids` name, else in
 * the lists that name it among the attributes they serve. `how` says which.
 */
export function listedOptions(
  attribute: Record<string, unknown>,
  name: string,
  lists: readonly ListedSelect[],
): { options: FoundOption[]; how?: string } {
  const { ids, key } = listIdsOf(attribute);
  const byId = lists.filter((l) => l.id !== undefined && ids.includes(l.id));
  if (byId.length > 0) return { options: byId.flatMap((l) => l.options), how: `the list its ${key ?? 'ids'} name` };
  const bound = lists.filter((l) => l.boundTo?.includes(name));
  if (bound.length > 0)
    return { options: bound.flatMap((l) => l.options), how: `the list bound to it by ${bound[0]!.boundBy ?? 'name'}` };
  return { options: [] };
}

/** The uuids of the lists the attribute `attribute` names by select_list_ids, wherever it sits. */
function idsNamedBy(body: unknown, attribute: string): { ids: Set<string>; key?: string } {
  const ids = new Set<string>();
  let key: string | undefined;
  for (const { node } of objectsIn(body)) {
    if (node['api_name'] !== attribute && node['name'] !== attribute) continue;
    const found = listIdsOf(node);
    for (const id of found.ids) ids.add(id);
    key ??= found.key;
  }
  return { ids, ...(key !== undefined ? { key } : {}) };
}

/**
 * The select lists of `attribute` (default `stage`) in a discovery answer: any object holding a
 * collection of options (`{ api_name, id?, display_name? }`) that the attribute names by its
 * `select_list_ids`, or that is bound to the attribute by a key naming attributes
 * (`attribute_api_names: ["stage"]`), or, when it names no attribute it serves, where a key or an
 * enclosing api_name on the way names the attribute (`stage_select_lists`, an attribute `stage`
 * holding its options). A list bound to another attribute is never taken. The shape is "not shown":
 * nothing is assumed beyond these names, those the spec's select values use.
 */
export function stageLists(body: unknown, attribute = 'stage'): FoundList[] {
  const lists: FoundList[] = [];
  const named = new RegExp(attribute, 'i');
  const referenced = idsNamedBy(body, attribute);
  for (const { node, keys, ancestors } of objectsIn(body)) {
    const bound = boundTo(node);
    const byId = isUuid(node['id']) && referenced.ids.has(node['id']);
    const namesIt =
      byId ||
      (bound !== undefined
        ? bound.some((b) => b.toLowerCase() === attribute.toLowerCase())
        : referenced.ids.size === 0 &&
          [...keys, ...[...ancestors, node].map((a) => a['api_name'] ?? a['name'])].some(
            (k) => typeof k === 'string' && named.test(k),
          ));
    if (!namesIt) continue;
    const by = Object.keys(node).find((x) => /attribute/i.test(x));
    const how = byId
      ? `the list ${attribute} names by ${referenced.key ?? 'its ids'}`
      : bound !== undefined
        ? `the list bound to ${attribute} by ${by}`
        : `a list named after ${attribute}`;
    for (const [k, v] of Object.entries(node)) {
      if (!OPTION_KEYS.test(k)) continue;
      const options = optionsIn(v);
      if (options.length > 0) lists.push({ ...(isUuid(node['id']) ? { id: node['id'] } : {}), options, how });
    }
  }
  return lists;
}
