import { attrs, type AttributeDef } from './attributes/types.js';
import type { Edge, Org } from './model.js';

/** One relationship api_name as seen from one record type. */
export interface RelationshipKind {
  parentType: string;
  apiName: string;
  targetType: string;
  /** record_type of the through record; the same from both ends */
  throughType: string;
  throughAttributes: AttributeDef[];
}

const CONTACT_ACCOUNT_ATTRIBUTES = [...attrs('string', 'rw', ['role']), ...attrs('boolean', 'rw', ['is_primary'])];

/** The relationship api_names of a record type in this org. */
export function relationshipKinds(org: Org, parentType: string): RelationshipKind[] {
  const kind = (
    apiName: string,
    targetType: string,
    throughType: string,
    through: AttributeDef[] = [],
  ): RelationshipKind => ({ parentType, apiName, targetType, throughType, throughAttributes: through });
  switch (parentType) {
    case 'contact':
      return [
        kind('accounts', 'account', 'contact_account', CONTACT_ACCOUNT_ATTRIBUTES),
        kind('opportunities', 'opportunity', 'contact_opportunity'),
        ...org.customObjects.map((c) => kind(c.api_name, c.api_name, `contact_${c.api_name}`)),
      ];
    case 'opportunity':
      return [kind('contacts', 'contact', 'contact_opportunity')];
    case 'account':
      return [kind('contacts', 'contact', 'contact_account', CONTACT_ACCOUNT_ATTRIBUTES)];
    default:
      return org.customObjects.some((c) => c.api_name === parentType)
        ? [kind('contacts', 'contact', `contact_${parentType}`)]
        : [];
  }
}

export function relationshipKind(org: Org, parentType: string, apiName: string): RelationshipKind | undefined {
  return relationshipKinds(org, parentType).find((k) => k.apiName === apiName);
}

/** Default through attributes of a new edge. */
export function defaultThroughAttributes(kind: RelationshipKind): Record<string, unknown> {
  return kind.throughType === 'contact_account' ? { role: '', is_primary: false } : {};
}

export function renderThrough(kind: RelationshipKind, edge: Edge): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const def of kind.throughAttributes)
    out[def.name] = { value: edge.attrs[def.name] ?? null, value_type: def.type };
  return out;
}
