import { SPEC_CONTACT_FIELDS } from '../spec/workspace-required.js';
import { nonEmptyString, objectsIn } from './json-walk.js';
import { listedOptions, selectListsIn } from './select-lists.js';

/** A contact attribute the schema marks `is_required_on_create`, beyond the fields the suite sends itself. */
export interface RequiredAttribute {
  name: string;
  valueType?: string;
  /** the first allowed value the answer itself lists for it (an enum value or an option api_name) */
  serverValue?: string;
}

const NAME_KEYS = ['api_name', 'name', 'attribute', 'key'] as const;

function firstListed(node: Record<string, unknown>): string | undefined {
  for (const [k, v] of Object.entries(node)) {
    if (!/enum|option|value|choice/i.test(k) || !Array.isArray(v)) continue;
    for (const x of v) {
      if (nonEmptyString(x)) return x;
      if (x !== null && typeof x === 'object' && nonEmptyString((x as Record<string, unknown>)['api_name'])) {
        return (x as Record<string, unknown>)['api_name'] as string;
      }
    }
  }
  return undefined;
}

/**
 * What a schema answer (GET /_schema/contact, …) marks `is_required_on_create: true`, wherever it
 * sits, named by its own `api_name` (or `name`, …) or by the key it sits under, with the first value
 * it lists for it (inline, or in the select list its `select_list_ids` name or that names it); the
 * spec's own create fields (`specFields`: the suite sends those) are left out.
 */
export function requiredAttributes(
  body: unknown,
  specFields: ReadonlySet<string> = SPEC_CONTACT_FIELDS,
): RequiredAttribute[] {
  const out = new Map<string, RequiredAttribute>();
  const lists = selectListsIn(body);
  for (const { node, keys } of objectsIn(body)) {
    if (node['is_required_on_create'] !== true) continue;
    const name = NAME_KEYS.map((k) => node[k]).find(nonEmptyString) ?? keys.at(-1);
    if (name === undefined || specFields.has(name) || out.has(name)) continue;
    const valueType = [node['value_type'], node['type']].find(nonEmptyString);
    const serverValue = firstListed(node) ?? listedOptions(node, name, lists).options[0]?.apiName;
    out.set(name, {
      name,
      ...(valueType !== undefined ? { valueType } : {}),
      ...(serverValue !== undefined ? { serverValue } : {}),
    });
  }
  return [...out.values()];
}
