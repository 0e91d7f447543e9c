import type { CheckContext } from '../check/context.js';
import type { Exchange } from '../http/exchange.js';
import type { Fixtures } from '../target/fixtures.js';
import { byId } from '../../fixtures/relationship.js';

type RelationshipKey = keyof NonNullable<Fixtures['relationships']>;

/** A relationship api_name of the workspace (fixtures `relationships.<key>`), or skip. */
export function relationshipName(c: CheckContext, key: RelationshipKey): string {
  return c.need(c.fixtures.relationships?.[key], `relationships.${key}`);
}

/** Puts a contact on an account (relationships.contactAccounts); a failure blocks the check. */
export async function linkContactToAccount(c: CheckContext, contactId: string, accountId: string): Promise<Exchange> {
  const ex = await c.api.post(`/contact/${contactId}/relationship/${relationshipName(c, 'contactAccounts')}`, byId(accountId));
  c.setup(ex, 'POST /contact/{contact_id}/relationship/{api_name}');
  return ex;
}

/** Links a contact to an opportunity from the opportunity side; a failure blocks the check. */
export async function linkOpportunityToContact(c: CheckContext, opportunityId: string, contactId: string): Promise<Exchange> {
  const ex = await c.api.post(`/opportunity/${opportunityId}/relationship/${relationshipName(c, 'opportunityContacts')}`, byId(contactId));
  c.setup(ex, 'POST /opportunity/{opportunity_id}/relationship/{api_name}');
  return ex;
}

/** The contact-accounts read, without query parameters (the spec shows none for it). */
export function readContactAccounts(c: CheckContext, contactId: string): Promise<Exchange> {
  return c.api.get(`/contact/${contactId}/relationship/accounts`);
}

/** The related_record_id of each item of a relationship page body. */
export function relatedIds(body: unknown): unknown[] {
  const items = (body as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? items.map((i) => (i as { related_record_id?: unknown } | null)?.related_record_id) : [];
}
