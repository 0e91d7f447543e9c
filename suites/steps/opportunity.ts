import type { CheckContext } from '../../lib/check/context.js';
import { requiredOnCreate } from './required-on-create.js';
import { opportunityCreateBody, selectEnvelope, type OptionReference } from '../../fixtures/builders/opportunity.js';
import { accountCreateBody } from '../../fixtures/builders/account.js';
import type { AttributesBody } from '../../fixtures/builders/contact.js';
import type { Sent } from './sent.js';
import { createContact } from './contact.js';
import { linkContactToAccount, linkOpportunityToContact, relationshipName } from './relationship.js';
import { atOnce } from './at-once.js';
import { byId } from '../../fixtures/builders/relationship.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { setupRecord } from './record.js';
import { valueOf, type ApiRecord } from '../spec/record.js';

/** The opportunity stage option the workspace has (fixtures `opportunity.stageId`). */
export function opportunityStageId(c: CheckContext): string {
  return c.need(c.fixtures.opportunity?.stageId, 'opportunity.stageId');
}

/** The fixture stage in the form the spec shows for opportunity create: a select envelope with `value.id`. */
export function opportunityStage(c: CheckContext): { value_type: 'select'; value: OptionReference } {
  return selectEnvelope({ id: opportunityStageId(c) });
}

/** A stage option as a read shows it (opportunity_stage, or select). */
export interface StageValue {
  id?: unknown;
  select_list_id?: unknown;
  api_name?: unknown;
  display_name?: unknown;
}

export function stageOf(record: ApiRecord): StageValue | undefined {
  const v = valueOf(record, 'stage');
  return v && typeof v === 'object' ? (v as StageValue) : undefined;
}

/**
 * Creates an opportunity this check owns, on the given account, with the fixture stage by id
 * (the form the spec shows). Opportunities cannot be archived through the API; the display_name
 * carries the run id. A failed create blocks the check.
 */
export async function createOpportunity(c: CheckContext, accountId: string): Promise<ApiRecord> {
  const body = opportunityCreateBody(c.faker, {
    runId: c.runId,
    stage: opportunityStage(c),
    accountId,
    required: requiredOnCreate(c, 'opportunity'),
  });
  return setupRecord(c, await c.api.post('/opportunity', body), 'POST /opportunity');
}

/**
 * The create of the account the run's opportunities are made on when the account itself is not under
 * test: sent once per run (a run-scoped set-up, lib/runner/run-setups.ts), archived when the run ends,
 * and judged by each check that looks at an account create under its own rule (the record, the
 * envelope, record_type, organization_id). Whatever the answer: a check that needs the account blocks
 * on a refusal (opportunityAccount).
 */
export function opportunityAccountCreated(c: CheckContext): Promise<Sent<AttributesBody>> {
  return c.shared('opportunities: the create of the account they are made on', async (s) => {
    const body = accountCreateBody(s.faker, { runId: s.runId, required: requiredOnCreate(s, 'account') });
    return { ex: await s.api.post('/account', body), body };
  });
}

/**
 * The account of opportunityAccountCreated. Checks create their own opportunities on it and link
 * their own contacts to it; none judges what else is on it. Two requests fewer per opportunity (its
 * create and its archive).
 */
export async function opportunityAccount(c: CheckContext): Promise<ApiRecord> {
  return setupRecord(c, (await opportunityAccountCreated(c)).ex, 'POST /account');
}

/**
 * An opportunity create on the run's opportunity account with the attributes the spec shows
 * (display_name, stage as `{ value_type: select, value: { id } }`, account_id), sent once per run and
 * judged by each check that looks at an opportunity create under its own rule. Opportunities cannot
 * be archived through the API: one made for them all is one left on the server instead of one each.
 */
export function opportunityCreated(c: CheckContext): Promise<Sent<AttributesBody>> {
  return c.shared('opportunities: an opportunity the checks only read', async (s) => {
    const account = await opportunityAccount(s);
    const body = opportunityCreateBody(s.faker, {
      runId: s.runId,
      stage: opportunityStage(s),
      accountId: account.id,
      required: requiredOnCreate(s, 'opportunity'),
    });
    return { ex: await s.api.post('/opportunity', body), body };
  });
}

/**
 * An opportunity on the run's opportunity account and a contact on that account, so the spec allows linking them
 * (contact_account_association_required otherwise); with `linked`, also the opportunity-contact
 * edge. Every step blocks the check when it fails.
 */
export async function opportunityWithContact(
  c: CheckContext,
  linked: boolean,
): Promise<{ contact: ApiRecord; account: ApiRecord; opportunity: ApiRecord }> {
  const account = await opportunityAccount(c);
  const contact = await createContact(c);
  await linkContactToAccount(c, contact.id, account.id);
  const opportunity = await createOpportunity(c, account.id);
  if (linked) await linkOpportunityToContact(c, opportunity.id, contact.id);
  return { contact, account, opportunity };
}

/**
 * The run's opportunity the checks only read, linked (from the opportunity side) to a contact on its
 * account: the link's answer, sent once per run and judged by each check of a link's answer. Its edge
 * is archived when the run ends; no check removes it.
 */
export function opportunityContactLinked(
  c: CheckContext,
): Promise<{ ex: Exchange; opportunity: ApiRecord; contact: ApiRecord; apiName: string }> {
  return c.shared('opportunities: the link of the opportunity the checks only read to a contact', async (s) => {
    const apiName = relationshipName(s, 'opportunityContacts');
    const [account, opportunity, contact] = await atOnce([
      opportunityAccount(s),
      opportunityCreated(s).then(({ ex }) => setupRecord(s, ex, 'POST /opportunity')),
      createContact(s),
    ]);
    await linkContactToAccount(s, contact.id, account.id);
    const ex = await s.api.post(`/opportunity/${opportunity.id}/relationship/${apiName}`, byId(contact.id));
    return { ex, opportunity, contact, apiName };
  });
}

/**
 * The run's opportunity the checks only read (opportunityCreated) and a contact of this check on its
 * account, so the spec allows linking them; with `linked`, also the opportunity-contact edge. For a
 * check whose write touches only its own contact's edge: it looks for that edge alone, whatever else
 * the opportunity holds. Every step blocks the check when it fails.
 */
export async function contactOnSharedOpportunity(
  c: CheckContext,
  linked: boolean,
): Promise<{ contact: ApiRecord; account: ApiRecord; opportunity: ApiRecord }> {
  const [account, opportunity, contact] = await atOnce([
    opportunityAccount(c),
    opportunityCreated(c).then(({ ex }) => setupRecord(c, ex, 'POST /opportunity')),
    createContact(c),
  ]);
  await linkContactToAccount(c, contact.id, account.id);
  if (linked) await linkOpportunityToContact(c, opportunity.id, contact.id);
  return { contact, account, opportunity };
}

/**
 * An opportunity-contact edge of its own (its contact's, on the run's opportunity), removed: the
 * DELETE's answer, sent once per run and judged by the removal's check (opportunity.relationship.delete,
 * which deletes it again and reads the opportunity's contacts) and the DELETE status check
 * (http.delete-success-status).
 */
export function opportunityEdgeRemoved(
  c: CheckContext,
): Promise<{ ex: Exchange; opportunity: ApiRecord; contact: ApiRecord; apiName: string; path: string }> {
  return c.shared('opportunities: an opportunity-contact edge removed', async (s) => {
    const apiName = relationshipName(s, 'opportunityContacts');
    const { opportunity, contact } = await contactOnSharedOpportunity(s, true);
    const path = `/opportunity/${opportunity.id}/relationship/${apiName}/${contact.id}`;
    return { ex: await s.api.delete(path), opportunity, contact, apiName, path };
  });
}
