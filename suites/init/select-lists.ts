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

/** The attributes a list says it serves (`attribute_api_names: ["stage"]`), when it says. */
function boundTo(node: Record<string, unknown>): string[] | undefined {
  for (const [k, v] of Object.entries(node)) {
    if (!/attribute/i.test(k)) continue;
    if (nonEmptyString(v)) return [v];
    if (Array.isArray(v) && v.some(nonEmptyString)) return v.filter(nonEmptyString);
  }
  return undefined;
}

/**
 * The select lists of `attribute` (default `stage`) in a discovery answer: any object holding a
 * collection of options (`{ api_name, id?, display_name? }`) that is bound to the attribute by a key
 * naming attributes (`attribute_api_names: ["stage"]`), or, when it names no attribute it serves,
 * where a key or an enclosing api_name on the way names the attribute (`stage_select_lists`, an
 * attribute `stage` holding its options). A list bound to another attribute is never taken. The
 * shape is "not shown": nothing is assumed beyond these names, those the spec's select values use.
 */
export function stageLists(body: unknown, attribute = 'stage'): FoundList[] {
  const lists: FoundList[] = [];
  const named = new RegExp(attribute, 'i');
  for (const { node, keys, ancestors } of objectsIn(body)) {
    const bound = boundTo(node);
    const namesIt =
      bound !== undefined
        ? bound.some((b) => b.toLowerCase() === attribute.toLowerCase())
        : [...keys, ...[...ancestors, node].map((a) => a['api_name'] ?? a['name'])].some(
            (k) => typeof k === 'string' && named.test(k),
          );
    if (!namesIt) continue;
    for (const [k, v] of Object.entries(node)) {
      if (!OPTION_KEYS.test(k)) continue;
      const options = optionsIn(v);
      const by = Object.keys(node).find((x) => /attribute/i.test(x));
      if (options.length > 0)
        lists.push({
          ...(isUuid(node['id']) ? { id: node['id'] } : {}),
          options,
          how: bound !== undefined ? `the list bound to ${attribute} by ${by}` : `a list named after ${attribute}`,
        });
    }
  }
  return lists;
}
