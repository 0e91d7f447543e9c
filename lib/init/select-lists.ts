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
}

function optionOf(v: unknown): FoundOption | undefined {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  if (!nonEmptyString(o['api_name'])) return undefined;
  return {
    apiName: o['api_name'],
    ...(isUuid(o['id']) ? { id: o['id'] } : {}),
    ...(nonEmptyString(o['display_name']) ? { displayName: o['display_name'] } : {}),
  };
}

/** The options a property holds: an array of option objects, or a map of them. */
function optionsIn(v: unknown): FoundOption[] {
  const items = Array.isArray(v) ? v : v !== null && typeof v === 'object' ? Object.values(v) : [];
  const options = items.map(optionOf);
  return options.length > 0 && options.every((o) => o !== undefined) ? (options as FoundOption[]) : [];
}

/**
 * The stage select lists of a discovery answer: any object holding a collection of options
 * (`{ api_name, id?, display_name? }`), where a key or an enclosing attribute on the way names a
 * stage. The shape is "not shown": nothing is assumed beyond the option's `api_name`, `id` and
 * `display_name`, the names the spec's select values use.
 */
export function stageLists(body: unknown): FoundList[] {
  const lists: FoundList[] = [];
  for (const { node, keys, ancestors } of objectsIn(body)) {
    const namesStage = [...keys, ...[...ancestors, node].map((a) => a['api_name'])].some(
      (k) => typeof k === 'string' && /stage/i.test(k),
    );
    if (!namesStage) continue;
    for (const [k, v] of Object.entries(node)) {
      if (!/option|value|choice/i.test(k)) continue;
      const options = optionsIn(v);
      if (options.length > 0) lists.push({ ...(isUuid(node['id']) ? { id: node['id'] } : {}), options });
    }
  }
  return lists;
}
