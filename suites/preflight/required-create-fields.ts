import type { ApiClient } from '../../lib/http/client.js';
import type { Preflight } from '../../lib/check/preflight.js';
import { SPEC_CREATE_FIELDS, type CreatedType } from '../spec/workspace-required.js';
import { canFill } from '../../fixtures/builders/required-value.js';
import { requiredOnCreate } from './required-fields.js';
import type { FixtureCheck } from './fixture-findings.js';
import type { RequiredFound } from './findings.js';
import { createAttributesKey, givenCreateAttributes } from '../../fixtures/fixtures-file.js';

type OrgKey = 'apiKey' | 'otherOrgApiKey';

/**
 * "A workspace may configure additional required create fields": for each record type the spec shows
 * a create of (contact, account, opportunity) and each organization (organization B is another
 * workspace, with its own), what its schema marks `is_required_on_create` beyond the spec's own fields
 * and those the fixtures give: the ones of a type the run can fill with a value of its own (text, a
 * timestamp, a domain: fixtures/builders/required-value.ts), and the rest, which only the user can give.
 */
export async function requiredCreateFixtures({ api, target, preflight }: FixtureCheck): Promise<void> {
  const orgs: OrgKey[] = target.keys.otherOrgApiKey !== undefined ? ['apiKey', 'otherOrgApiKey'] : ['apiKey'];
  const types = Object.keys(SPEC_CREATE_FIELDS) as CreatedType[];
  const found = await Promise.all(
    orgs.flatMap((org) =>
      types.map(async (type) => {
        const given = givenCreateAttributes(target.fixtures, type, org) ?? {};
        return [createAttributesKey(type, org), await requiredFields(api, type, org, given)] as const;
      }),
    ),
  );
  const kept = found.filter((e): e is readonly [string, RequiredFound] => e[1] !== undefined);
  if (kept.length > 0) preflight.requiredOnCreate = Object.fromEntries(kept);
}

/** What GET /_schema/{type}, read with one organization's key, marks required beyond the spec's fields and `given`. */
async function requiredFields(
  api: ApiClient,
  type: CreatedType,
  auth: OrgKey,
  given: Record<string, unknown>,
): Promise<RequiredFound | undefined> {
  const ex = await api.get(`/_schema/${type}`, { auth });
  const s = ex.response?.status;
  if (s === undefined || s < 200 || s > 299) return undefined;
  const stated: ReadonlySet<string> = SPEC_CREATE_FIELDS[type];
  const required = requiredOnCreate(ex.response?.json).filter((a) => !stated.has(a.name) && !(a.name in given));
  if (required.length === 0) return undefined;
  const fill: Record<string, string> = {};
  const unfilled: string[] = [];
  for (const a of required) {
    if (a.valueType !== undefined && canFill(a.valueType)) fill[a.name] = a.valueType;
    else unfilled.push(a.valueType !== undefined ? `${a.name} (${a.valueType})` : a.name);
  }
  return { fill, unfilled };
}

/** The console's lines on the required fields no fixture fills: only the user can give their values. */
export function unfilledFieldNotes(preflight: Preflight): string[] {
  return Object.entries(preflight.requiredOnCreate ?? {}).flatMap(([key, fields]) =>
    fields.unfilled.map((field) => {
      const type = key.replace(/^otherOrg\./, '').replace(/\.createAttributes$/, '');
      return `fixtures: GET /_schema/${type} marks ${field} required on ${type} create; give its value as ${key}.${field.split(' ')[0]} (${type} creates will be blocked without it)`;
    }),
  );
}
