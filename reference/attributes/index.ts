import type { CustomObjectDef, Org } from '../model.js';
import type { Profile } from '../profile.js';
import { meetingAttributes, noteAttributes, taskAttributes } from './activity.js';
import { accountAttributes, contactAttributes, opportunityAttributes } from './sales.js';
import { attrs, identity, type AttributeDef } from './types.js';

export type { AttributeDef, ValueType } from './types.js';

const BUILT_IN: Record<string, AttributeDef[]> = {
  contact: contactAttributes,
  account: accountAttributes,
  opportunity: opportunityAttributes,
  task: taskAttributes,
  note: noteAttributes,
  meeting: meetingAttributes,
};

export const BUILT_IN_TYPES = Object.keys(BUILT_IN);

export function customObjectOf(org: Org, type: string): CustomObjectDef | undefined {
  return org.customObjects.find((c) => c.api_name === type);
}

function customObjectAttributes(def: CustomObjectDef): AttributeDef[] {
  return [
    ...identity.filter((a) => a.name !== 'organization_id'),
    ...attrs('string', 'rw', ['display_name']),
    ...def.attributes.flatMap((a) =>
      attrs(a.value_type, 'rw', [a.api_name], a.selectList ? { selectLists: () => [a.selectList!] } : {}),
    ),
    ...attrs('timestamp', 'ro', ['archived_at']),
  ];
}

/** The attributes of a record type in this org, as this profile serves them. */
export function attributesOf(org: Org, type: string, profile: Profile): AttributeDef[] {
  const builtIn = BUILT_IN[type];
  const custom = customObjectOf(org, type);
  const base = builtIn ?? (custom ? customObjectAttributes(custom) : []);
  const extra = profile.extraAttribute;
  const all = extra ? [...base, ...attrs(extra.value_type, 'rw', [extra.name])] : base;
  const required =
    type === 'contact'
      ? profile.contactRequiredAttribute
      : type === 'account'
        ? profile.accountRequiredAttribute
        : type === 'opportunity'
          ? profile.opportunityRequiredAttribute
          : undefined;
  return required ? all.map((a) => (a.name === required ? { ...a, required: true } : a)) : all;
}

export function attributeOf(org: Org, type: string, profile: Profile, name: string): AttributeDef | undefined {
  return attributesOf(org, type, profile).find((a) => a.name === name);
}

export function isRecordType(org: Org, type: string): boolean {
  return type in BUILT_IN || customObjectOf(org, type) !== undefined;
}
