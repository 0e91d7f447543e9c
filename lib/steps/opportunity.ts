import type { CheckContext } from '../check/context.js';
import { opportunityCreateBody, selectEnvelope, type OptionReference } from '../../builders/opportunity.js';
import { createAccount } from './account.js';
import { createContact } from './contact.js';
import { linkContactToAccount, linkOpportunityToContact } from './relationship.js';
import { setupRecord } from './record.js';
import { valueOf, type ApiRecord } from '../check/record.js';

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
  const body = opportunityCreateBody(c.faker, { runId: c.runId, stage: opportunityStage(c), accountId });
  return setupRecord(c, await c.api.post('/opportunity', body), 'POST /opportunity');
}

/**
 * The account the run's opportunities are made on when the account itself is not under test: one per
 * run (a run-scoped set-up, lib/runner/run-setups.ts), archived when the run ends. Checks create their
 * own opportunities on it and link their own contacts to it; none judges the account, and none reads
 * what else is on it. Two requests fewer per opportunity (its create and its archive).
 */
export function opportunityAccount(c: CheckContext): Promise<ApiRecord> {
  return c.shared('opportunities: the account they are made on', (s) => createAccount(s));
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
