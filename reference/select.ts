import type { AttributeDef } from './attributes/index.js';
import { apiError, invalid, type ApiError, type Loc } from './errors.js';
import type { Org, SelectList, SelectOption } from './model.js';

/** Keys of an option reference; the read-only ones are tolerated so a read value can be written back. */
const REFERENCE_KEYS = [
  'id',
  'api_name',
  'display_name',
  'select_list_id',
  'color',
  'closing_probability',
  'expected_days',
];

function invalidOption(def: AttributeDef, reason: string): ApiError {
  return apiError(422, 'field_value_invalid', `Invalid value for ${def.name}: ${reason}`, { field: def.name, reason });
}

/** The stored (and rendered) value of an option, shaped as the attribute's value_type. */
export function optionValue(type: string, list: SelectList, option: SelectOption): Record<string, unknown> {
  const base = { id: option.id, select_list_id: list.id, display_name: option.display_name, api_name: option.api_name };
  switch (type) {
    case 'account_stage':
      return base;
    case 'opportunity_stage':
      return {
        ...base,
        color: option.color,
        closing_probability: option.closing_probability ?? '0',
        expected_days: option.expected_days ?? 0,
      };
    case 'select':
      return {
        id: option.id,
        select_list_id: list.id,
        api_name: option.api_name,
        display_name: option.display_name,
        color: option.color,
      };
    default:
      return { ...base, color: option.color };
  }
}

/**
 * Resolve a stage or select reference: a string (api_name or display name), or an object with
 * `id` or `api_name`, optionally narrowed by `select_list_id`. A name found in several lists
 * without `select_list_id` is ambiguous and refused.
 */
export function resolveOption(def: AttributeDef, value: unknown, org: Org, loc: Loc): Record<string, unknown> {
  let lists = def.selectLists?.(org) ?? [];
  let matches: (o: SelectOption) => boolean;
  if (typeof value === 'string') {
    matches = (o) => o.api_name === value || o.display_name === value;
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const ref = value as Record<string, unknown>;
    const extra = Object.keys(ref).filter((k) => !REFERENCE_KEYS.includes(k));
    if (extra.length > 0) throw invalidOption(def, `unknown option reference keys ${extra.join(', ')}`);
    const listId = ref['select_list_id'];
    if (listId !== undefined) {
      if (typeof listId !== 'string')
        throw invalid([...loc, 'select_list_id'], 'string_type', 'select_list_id must be a string');
      lists = lists.filter((l) => l.id === listId);
      if (lists.length === 0) throw invalidOption(def, `unknown select_list_id ${listId}`);
    }
    const { id, api_name: apiName, display_name: displayName } = ref;
    for (const [k, v] of Object.entries({ id, api_name: apiName, display_name: displayName })) {
      if (v !== undefined && typeof v !== 'string') throw invalid([...loc, k], 'string_type', `${k} must be a string`);
    }
    if (id !== undefined) matches = (o) => o.id === id;
    else if (apiName !== undefined) matches = (o) => o.api_name === apiName;
    else if (displayName !== undefined) matches = (o) => o.display_name === displayName;
    else throw invalidOption(def, 'an option reference needs id or api_name');
  } else {
    throw invalid(loc, 'string_type', `${def.name} must be a string or an option reference`);
  }
  const found = lists.flatMap((list) => list.options.filter(matches).map((option) => ({ list, option })));
  const [first, second] = found;
  if (!first) throw invalidOption(def, 'no such option');
  if (second) throw invalidOption(def, 'option name is in more than one select list; send select_list_id');
  return optionValue(def.type, first.list, first.option);
}
