import { faker } from '@faker-js/faker/locale/en';
import type { ApiClient } from '../../lib/http/client.js';
import type { Preflight } from '../../lib/check/preflight.js';
import { SPEC_CONTACT_FIELDS } from '../spec/workspace-required.js';
import { tagged } from '../../fixtures/builders/tag.js';
import { requiredOnCreate } from './required-fields.js';
import type { FixtureCheck } from './fixture-findings.js';

/**
 * "A workspace may configure additional required create fields": the ones the fixtures do not give,
 * for each organization (organization B is another workspace, with its own).
 */
export async function requiredContactFixtures({ api, target, preflight }: FixtureCheck): Promise<void> {
  const f = target.fixtures;
  const orgs = [
    ['apiKey', f.contact?.createAttributes] as const,
    ...(target.keys.otherOrgApiKey !== undefined
      ? [['otherOrgApiKey', f.otherOrg?.contact?.createAttributes] as const]
      : []),
  ];
  await Promise.all(
    orgs.map(async ([auth, given]) => {
      const found = await requiredContactFields(api, auth, given ?? {}, target.runId);
      if (found && auth === 'apiKey') preflight.contactRequired = found;
      if (found && auth === 'otherOrgApiKey') preflight.contactRequiredOther = found;
    }),
  );
}

/**
 * What GET /_schema/contact, read with one organization's key, marks `is_required_on_create` beyond
 * the spec's own fields and those `given`: free-text ones filled with a tagged value, the rest named.
 */
async function requiredContactFields(
  api: ApiClient,
  auth: 'apiKey' | 'otherOrgApiKey',
  given: Record<string, unknown>,
  runId: string,
): Promise<Preflight['contactRequired']> {
  const ex = await api.get('/_schema/contact', { auth });
  const s = ex.response?.status;
  if (s === undefined || s < 200 || s > 299) return undefined;
  const required = requiredOnCreate(ex.response?.json).filter(
    (a) => !SPEC_CONTACT_FIELDS.has(a.name) && !(a.name in given),
  );
  if (required.length === 0) return undefined;
  const filled: Record<string, string> = {};
  const unfilled: string[] = [];
  for (const a of required) {
    if (a.valueType === 'string' || a.valueType === 'long_text')
      filled[a.name] = tagged(`Conformance ${faker.word.noun()}`, runId);
    else unfilled.push(a.valueType !== undefined ? `${a.name} (${a.valueType})` : a.name);
  }
  return { filled, unfilled };
}

/** The console's lines on the required fields no fixture fills: only the user can give their values. */
export function unfilledFieldNotes(preflight: Preflight): string[] {
  const lists = [
    [preflight.contactRequired, 'contact'],
    [preflight.contactRequiredOther, 'otherOrg.contact'],
  ] as const;
  return lists.flatMap(([fields, key]) =>
    (fields?.unfilled ?? []).map(
      (field) =>
        `fixtures: GET /_schema/contact marks ${field} required on contact create; give its value as ${key}.createAttributes.${field.split(' ')[0]} (contact creates will be blocked without it)`,
    ),
  );
}
