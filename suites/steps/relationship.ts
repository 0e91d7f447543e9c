import { jsonShape } from '../../lib/check/body-shape.js';
import type { CheckContext } from '../../lib/check/context.js';
import type { Exchange } from '../../lib/http/exchange.js';
import type { Fixtures } from '../../fixtures/fixtures-file.js';
import { byId } from '../../fixtures/builders/relationship.js';
import type { OrgKey } from './record.js';
import type { ApiRecord } from '../spec/record.js';
import { createAccount } from './account.js';
import { createContact } from './contact.js';
import { atOnce } from './at-once.js';

type RelationshipKey = keyof NonNullable<Fixtures['relationships']>;

// `GET /contact/{contact_id}/relationship/accounts` names the contact → account api_name; the spec names no other, so
// only that one has a default.
const STATED_NAMES: Partial<Record<RelationshipKey, string>> = { contactAccounts: 'accounts' };

/** A relationship api_name of the workspace (fixtures `relationships.<key>`, else the spec's own name), or skip. */
export function relationshipName(c: CheckContext, key: RelationshipKey): string {
  return c.need(c.fixtures.relationships?.[key] ?? STATED_NAMES[key], `relationships.${key}`);
}

/**
 * Puts a contact on an account (relationships.contactAccounts), with organization A's key or B's; a failure blocks
 * the check.
 */
export async function linkContactToAccount(
  c: CheckContext,
  contactId: string,
  accountId: string,
  auth: OrgKey = 'apiKey',
): Promise<Exchange> {
  const ex = await c.api.post(
    `/contact/${contactId}/relationship/${relationshipName(c, 'contactAccounts')}`,
    byId(accountId),
    { auth },
  );
  c.setup(ex, 'POST /contact/{contact_id}/relationship/{api_name}');
  return ex;
}

/** Links a contact to an opportunity from the opportunity side; a failure blocks the check. */
export async function linkOpportunityToContact(
  c: CheckContext,
  opportunityId: string,
  contactId: string,
): Promise<Exchange> {
  const ex = await c.api.post(
    `/opportunity/${opportunityId}/relationship/${relationshipName(c, 'opportunityContacts')}`,
    byId(contactId),
  );
  c.setup(ex, 'POST /opportunity/{opportunity_id}/relationship/{api_name}');
  return ex;
}

/** The contact-accounts read, without query parameters (the spec shows none for it). */
export function readContactAccounts(c: CheckContext, contactId: string, auth: OrgKey = 'apiKey'): Promise<Exchange> {
  return c.api.get(`/contact/${contactId}/relationship/accounts`, { auth });
}

/**
 * The related_record_id of each item of a relationship page body (first page only; bounded by the
 * server's page), as sent: compared with `===`, never coerced, so only a uuid string names a record.
 */
export function relatedIds(body: unknown): unknown[] {
  const items = (body as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? items.map((i) => (i as { related_record_id?: unknown } | null)?.related_record_id) : [];
}

/** The accounts a contact is linked to, read with the stated route; a failed read breaks the check's own rule. */
export async function contactAccountIds(
  c: CheckContext,
  contactId: string,
  auth: OrgKey = 'apiKey',
): Promise<unknown[]> {
  const e = c.expect(await readContactAccounts(c, contactId, auth)).success();
  // a page without items says nothing about the edges: a finding of the page's rule, never "no accounts"
  const items = (e.json() as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items))
    e.fail(
      'a page { count, next_cursor, parent, api_name, items: [relationship item] }',
      jsonShape(e.json()),
      'contact.accounts.page',
    );
  return relatedIds(e.json());
}

/** How many accounts the run's shared contact is linked to: more than one, so a page can show several. */
export const LINKED_ACCOUNTS = 3;

/**
 * A contact of the run linked to LINKED_ACCOUNTS accounts of the run, made once per run (a run-scoped
 * set-up, lib/runner/run-setups.ts) for the checks that only read its accounts: each knows every
 * edge the read must show. The accounts are archived when the run ends. `links`: the answers to the
 * links, in order, which the checks of a link's answer judge too.
 */
export function contactWithAccounts(
  c: CheckContext,
): Promise<{ contact: ApiRecord; accounts: ApiRecord[]; links: Exchange[] }> {
  return c.shared(`relationships: a contact linked to ${LINKED_ACCOUNTS} accounts`, async (s) => {
    const [contact, ...accounts] = await atOnce([
      createContact(s),
      ...Array.from({ length: LINKED_ACCOUNTS }, () => createAccount(s)),
    ]);
    // one after another: a server may order a contact's accounts by when they were linked
    const links: Exchange[] = [];
    for (const account of accounts) links.push(await linkContactToAccount(s, contact!.id, account.id));
    return { contact: contact!, accounts, links };
  });
}

/**
 * The contact-accounts read of contactWithAccounts' contact, without query parameters: sent once per
 * run, judged by each check of it.
 */
export function contactAccountsRead(c: CheckContext): Promise<Exchange> {
  return c.shared('relationships: a read of the accounts of the contact linked to them', async (s) =>
    readContactAccounts(s, (await contactWithAccounts(s)).contact.id),
  );
}
