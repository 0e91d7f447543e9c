import type { CheckContext } from '../../lib/check/context.js';
import type { Conformance } from '../../lib/check/expect-conform.js';
import { tagged } from '../../fixtures/builders/tag.js';
import { erroredFields } from '../spec/errored-fields.js';
import { contactStage, requiredCreateAttributes } from './contact.js';
import { setupRecord } from './record.js';
import { valueOf, type ApiRecord } from '../spec/record.js';
import { show } from '../../lib/check/show.js';
import { opportunityName } from '../../fixtures/builders/opportunity.js';
import { createAccount } from './account.js';
import { opportunityCreated } from './opportunity.js';
import { requiredOnCreate } from './required-on-create.js';

/**
 * Steps of the isolation checks: "Every record is scoped to the caller's organization". Organization
 * B is the one of `--other-org-api-key`; its records are made with its key.
 */

/**
 * A contact of organization B, made with its key. Stages are per workspace: when B's workspace
 * refuses the fixture stage (a 4xx), the check is skipped with that reason.
 */
export async function otherOrgContact(c: CheckContext): Promise<ApiRecord> {
  c.needKey('otherOrgApiKey');
  // organization B is another workspace: its stage and required fields are its own (fixtures otherOrg.contact)
  const own = c.fixtures.otherOrg?.contact?.stage;
  const stage = own ?? contactStage(c);
  const attributes = {
    first_name: c.faker.person.firstName(),
    last_name: tagged(c.faker.person.lastName(), c.runId),
    ...requiredCreateAttributes(c, 'otherOrgApiKey'),
    stage,
  };
  const ex = await c.api.post('/contact', { attributes }, { auth: 'otherOrgApiKey' });
  const status = ex.response?.status ?? 0;
  if (status >= 400 && status <= 499) {
    const field = erroredFields(ex.response?.json).find((n) => n !== 'stage' && !(n in attributes));
    const key =
      field !== undefined
        ? `otherOrg.contact.createAttributes.${field}`
        : own === undefined
          ? 'otherOrg.contact.stage'
          : 'otherOrg.contact';
    c.skip(
      `fixtures: POST /contact with otherOrgApiKey answered HTTP ${status} for stage ${show(stage)}: organization B is another workspace; name its own values in \`${key}\` to run this check`,
    );
  }
  return setupRecord(c, ex, 'POST /contact (otherOrgApiKey)');
}

/** What the other organization's key may get for organization A's record: 404 or 403, with the error body. */
export function expectDenied(e: Conformance): Conformance {
  e.rejected();
  if (e.response.status !== 404 && e.response.status !== 403)
    e.fail("HTTP 404 or 403 (the record is not the caller's)", `HTTP ${e.response.status}`);
  return e;
}

/** The data of organization A's contact that no answer to organization B may carry. */
export function contactSecrets(contact: ApiRecord): unknown[] {
  return ['first_name', 'last_name', 'primary_email', 'title'].map((n) => valueOf(contact, n));
}

/**
 * The response text does not carry any of organization A's record's data. Only strings of 8
 * characters or more are looked for: a short value of a user's fixture ("Zoom", "Meeting") can
 * stand in an ordinary error message without anything having leaked.
 */
const LEAK_MIN_LENGTH = 8;

export function expectNotLeaked(e: Conformance, secrets: readonly unknown[]): void {
  for (const s of secrets) {
    if (typeof s === 'string' && s.length >= LEAK_MIN_LENGTH && e.response.text.includes(s))
      e.fail("no data of organization A's record in the response", `the response contains ${show(s)}`);
  }
}

/**
 * An opportunity of organization B on an account of its own, both made with its key, and the body
 * that made it (for another account id). Organization B is another workspace: its own stage id
 * (`otherOrg.opportunity.stageId`), else the api_name of organization A's stage, which B's workspace
 * may or may not have; a 4xx skips the check naming the key to set.
 */
export async function otherOrgOpportunity(c: CheckContext): Promise<{
  account: ApiRecord;
  opportunity: ApiRecord;
  body: (accountId: string) => { attributes: Record<string, unknown> };
}> {
  c.needKey('otherOrgApiKey');
  const ownStage = c.fixtures.otherOrg?.opportunity?.stageId;
  let stage: { value_type: string; value: { id: string } | { api_name: string } };
  let stageName: unknown = ownStage;
  if (ownStage !== undefined) stage = { value_type: 'select', value: { id: ownStage } };
  else {
    const opportunity = setupRecord(c, (await opportunityCreated(c)).ex, 'POST /opportunity');
    stageName = (valueOf(opportunity, 'stage') as { api_name?: unknown } | null)?.api_name;
    if (typeof stageName !== 'string')
      c.skip(
        "organization A's opportunity showed no stage api_name to try in organization B: name organization B's own stage in `otherOrg.opportunity.stageId`",
      );
    stage = { value_type: 'select', value: { api_name: stageName as string } };
  }
  const account = await otherOrgAccount(c);
  const body = (accountId: string) => ({
    attributes: {
      ...requiredOnCreate(c, 'opportunity', 'otherOrgApiKey'),
      display_name: opportunityName(c.faker, c.runId, 'Cross-organization deal'),
      stage,
      account_id: accountId,
    },
  });
  const made = await c.api.post('/opportunity', body(account.id), { auth: 'otherOrgApiKey' });
  const status = made.response?.status ?? 0;
  if (status >= 400 && status <= 499) {
    c.skip(
      `organization B refused an opportunity in stage ${show(stageName)} on its own account (HTTP ${status}): ${ownStage === undefined ? "name organization B's own stage in `otherOrg.opportunity.stageId`" : 'check `otherOrg.opportunity.stageId`'}`,
    );
  }
  return { account, opportunity: setupRecord(c, made, 'POST /opportunity (otherOrgApiKey, its own account)'), body };
}

/**
 * An account of organization B, made with its key once per run (a run-scoped set-up, archived with its
 * key when the run ends): the checks only name it in a path or link their own records of organization B
 * to it, and none reads what it holds.
 */
export function otherOrgAccount(c: CheckContext): Promise<ApiRecord> {
  c.needKey('otherOrgApiKey');
  return c.shared('isolation: an account of organization B', (s) => createAccount(s, { auth: 'otherOrgApiKey' }));
}
