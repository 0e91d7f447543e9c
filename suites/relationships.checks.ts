import { check, endpoint } from '../lib/check/check.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Conformance } from '../lib/check/expect-conform.js';
import { createAccount } from './steps/account.js';
import { contactForProbes, createContact } from './steps/contact.js';
import { contactOnSharedOpportunity, opportunityAccount, opportunityCreated } from './steps/opportunity.js';
import {
  contactAccountsRead,
  linkContactToAccount,
  readContactAccounts,
  relatedIds,
  relationshipName,
  contactWithAccounts,
  LINKED_ACCOUNTS,
} from './steps/relationship.js';
import type { ApiRecord } from './spec/record.js';
import { show } from '../lib/check/show.js';
import { throughUnstatedPage } from './steps/unstated-route.js';
import { setupRecord } from './steps/record.js';
import { validate } from './spec/schemas/index.js';
import { allInWords, under } from './spec/schema-words.js';
import { bothTargetKeys, byId, neitherTargetKey } from '../fixtures/builders/relationship.js';
import { atOnce } from './steps/at-once.js';
import { answered, matchAlone, matchNamingTwo, matchOf } from './steps/match.js';

interface PostBody {
  parent: { id: unknown; record_type: unknown };
  api_name: unknown;
  item: { related_record_id: unknown };
}
interface PageBody {
  parent: { id: unknown };
  items: unknown[];
}

/**
 * The contact-accounts read: of this contact after an action, or (no contact) the run's shared read of
 * its contact linked to LINKED_ACCOUNTS accounts. The page shape must hold, whatever it lists.
 */
async function accountsOf(c: CheckContext, contactId?: string): Promise<{ e: Conformance; ids: unknown[] }> {
  const ex = contactId === undefined ? await contactAccountsRead(c) : await readContactAccounts(c, contactId);
  const e = c.expect(ex, 'contact.accounts.page').success().body('envelopes/relationship-page');
  return { e, ids: relatedIds(e.json()) };
}

/** The run's opportunity the checks only read, and its account: the association checks link contacts of their own. */
async function sharedOpportunity(c: CheckContext): Promise<{ account: ApiRecord; opportunity: ApiRecord }> {
  const [account, opportunity] = await atOnce([
    opportunityAccount(c),
    opportunityCreated(c).then(({ ex }) => setupRecord(c, ex, 'POST /opportunity')),
  ]);
  return { account, opportunity };
}

endpoint('POST /contact/{contact_id}/relationship/{api_name}', () => {
  check(
    'contact.relationship.post',
    'linking a contact to an account answers { parent, api_name, item } naming the contact, the api_name and the account',
    async (c) => {
      const apiName = relationshipName(c, 'contactAccounts');
      // the first link of the run's contact linked to its accounts (sent once; the next check judges it too)
      const { contact, accounts, links } = await contactWithAccounts(c);
      const account = accounts[0]!;
      const e = c.expect(links[0]!);
      e.success().body('envelopes/relationship-post');
      const b = e.json<PostBody>();
      if (b.parent.id !== contact.id) e.fail(`parent.id ${contact.id} (the contact)`, `parent.id ${show(b.parent.id)}`);
      if (b.parent.record_type !== 'contact')
        e.fail('parent.record_type "contact"', `parent.record_type ${show(b.parent.record_type)}`);
      if (b.api_name !== apiName) e.fail(`api_name ${show(apiName)}`, `api_name ${show(b.api_name)}`);
      if (b.item.related_record_id !== account.id)
        e.fail(
          `item.related_record_id ${account.id} (the account)`,
          `item.related_record_id ${show(b.item.related_record_id)}`,
        );
    },
  );

  check(
    'contact.accounts.through',
    'the item a contact-to-account link answers holds through.attributes role (string-typed) and is_primary (boolean-typed)',
    async (c) => {
      const e = c.expect((await contactWithAccounts(c)).links[0]!);
      e.success('contact.relationship.post').body('envelopes/relationship-post', 'contact.relationship.post');
      const problems = validate('envelopes/contact-account-item', e.json<PostBody>().item);
      if (problems.length > 0)
        e.fail(
          'item matching envelopes/contact-account-item',
          allInWords(problems, e.json<PostBody>().item)
            .slice(0, 6)
            .map((w) => under('item', w.text))
            .join('; '),
        );
    },
  );

  // the run's contact for probes, the check's own account: each probe looks only for an edge to that one
  describeExactlyOne('contact', async (c) => {
    const contact = await contactForProbes(c);
    const account = await createAccount(c);
    return {
      path: `/contact/${contact.id}/relationship/${relationshipName(c, 'contactAccounts')}`,
      target: account,
      noEdge: async (e) => {
        const { ids } = await accountsOf(c, contact.id);
        if (ids.includes(account.id))
          e.fail(`no edge to ${account.id} after the rejected POST`, `contact accounts ${show(ids)}`);
      },
    };
  });

  check(
    'relationship.contact-account-association',
    'a contact on no account of the opportunity is refused 409 contact_account_association_required; on the account, the link succeeds',
    async (c) => {
      const apiName = relationshipName(c, 'contactOpportunities');
      // the run's opportunity (shared), the check's own contact: only that contact's edge is made
      const { account, opportunity } = await sharedOpportunity(c);
      const contact = await createContact(c);
      const path = `/contact/${contact.id}/relationship/${apiName}`;
      c.expect(await c.api.post(path, byId(opportunity.id)))
        .status(409)
        .errorBody()
        .code('contact_account_association_required');
      await linkContactToAccount(c, contact.id, account.id);
      c.expect(await c.api.post(path, byId(opportunity.id))).success();
    },
  );
});

endpoint('POST /opportunity/{opportunity_id}/relationship/{api_name}', () => {
  check(
    'relationship.contact-account-association',
    'linking a contact on no account to an opportunity is refused 409 contact_account_association_required; on the account, it succeeds',
    async (c) => {
      const apiName = relationshipName(c, 'opportunityContacts');
      const { account, opportunity } = await sharedOpportunity(c);
      const contact = await createContact(c);
      const path = `/opportunity/${opportunity.id}/relationship/${apiName}`;
      c.expect(await c.api.post(path, byId(contact.id)))
        .status(409)
        .errorBody()
        .code('contact_account_association_required');
      await linkContactToAccount(c, contact.id, account.id);
      c.expect(await c.api.post(path, byId(contact.id))).success();
    },
  );

  check(
    'relationship.contact-account-association',
    'a contact on another account only is refused 409 contact_account_association_required',
    async (c) => {
      const apiName = relationshipName(c, 'opportunityContacts');
      const { opportunity } = await sharedOpportunity(c);
      const elsewhere = await createAccount(c);
      const contact = await createContact(c);
      await linkContactToAccount(c, contact.id, elsewhere.id);
      c.expect(await c.api.post(`/opportunity/${opportunity.id}/relationship/${apiName}`, byId(contact.id)))
        .status(409)
        .errorBody()
        .code('contact_account_association_required');
    },
  );

  describeExactlyOne('opportunity', async (c) => {
    const apiName = relationshipName(c, 'opportunityContacts');
    // the contact is on the opportunity's account, so only the target keys can be at fault; the
    // opportunity is the run's (shared), the contact the check's own, whose edge alone is looked for
    const { contact, opportunity } = await contactOnSharedOpportunity(c, false);
    return {
      path: `/opportunity/${opportunity.id}/relationship/${apiName}`,
      target: contact,
      noEdge: (e) =>
        throughUnstatedPage(
          c,
          `/opportunity/${opportunity.id}/relationship/${apiName}`,
          "the opportunity's contacts after the rejected POST",
          (ids) => {
            if (ids.includes(contact.id))
              e.fail(`no edge to ${contact.id} after the rejected POST`, `opportunity contacts ${show(ids)}`);
          },
        ),
    };
  });
});

/**
 * relationship.post.exactly-one-target on one parent: both keys, then neither, each rejected with
 * field_value_invalid, and afterwards no edge to the target.
 */
function describeExactlyOne(
  parent: string,
  prepare: (c: CheckContext) => Promise<{ path: string; target: ApiRecord; noEdge: (e: Conformance) => Promise<void> }>,
): void {
  check(
    'relationship.post.exactly-one-target',
    `a ${parent} relationship POST with both related_record_id and related_record_match is rejected as field_value_invalid and makes no edge`,
    async (c) => {
      const p = await prepare(c);
      const e = c
        .expect(await c.api.post(p.path, bothTargetKeys(p.target.id, matchOf(p.target))))
        .rejected()
        .code('field_value_invalid');
      await p.noEdge(e);
    },
  );
  check(
    'relationship.post.exactly-one-target',
    `a ${parent} relationship POST with neither related_record_id nor related_record_match is rejected as field_value_invalid and makes no edge`,
    async (c) => {
      const p = await prepare(c);
      const e = c
        .expect(await c.api.post(p.path, neitherTargetKey()))
        .rejected()
        .code('field_value_invalid');
      await p.noEdge(e);
    },
  );
}

endpoint('GET /contact/{contact_id}/relationship/accounts', () => {
  // the linked account it lists is the read-back family's (suites/read-backs.checks.ts)
  check(
    'contact.accounts.page',
    'the read answers { count, next_cursor, parent, api_name, items } naming the contact',
    async (c) => {
      const { contact } = await contactWithAccounts(c);
      const { e } = await accountsOf(c);
      const b = e.json<PageBody>();
      if (b.parent.id !== contact.id) e.fail(`parent.id ${contact.id} (the contact)`, `parent.id ${show(b.parent.id)}`);
    },
  );

  check(
    'contact.accounts.through',
    'each contact-to-account item holds through.attributes role (string-typed) and is_primary (boolean-typed)',
    async (c) => {
      const { accounts } = await contactWithAccounts(c);
      const { e, ids } = await accountsOf(c);
      if (!accounts.some((a) => ids.includes(a.id)))
        e.fail(
          `items including a linked account (${accounts.map((a) => a.id).join(', ')})`,
          `related_record_ids ${show(ids)}`,
          'contact.accounts.page',
        );
      e.json<PageBody>().items.forEach((item, i) => {
        const problems = validate('envelopes/contact-account-item', item);
        if (problems.length > 0)
          e.fail(
            `items[${i}] matching envelopes/contact-account-item`,
            allInWords(problems, item)
              .slice(0, 6)
              .map((w) => under(`items[${i}]`, w.text))
              .join('; '),
          );
      });
    },
  );
});

// "paginated": the read's query parameters are not shown, so a next_cursor is followed as `cursor`,
// the name the spec gives it on the custom-object read. A server that answers the same page again
// takes the cursor by another name: then the walk stops, and that is recorded, not judged.
const MAX_ACCOUNT_PAGES = 10;

/** The server does not take `cursor` on the contact-accounts read: recorded, and the walk stops. */
function notTaken(c: CheckContext, cursor: string, pages: number, how: string): void {
  c.observe(
    'contact-accounts-cursor',
    `the page read with cursor=${show(cursor)} ${how}: the server does not take \`cursor\` on this read (its query parameters are not shown), so the walk stopped after ${pages - 1} page(s)`,
  );
}

endpoint('GET /contact/{contact_id}/relationship/accounts', () => {
  check(
    'contact.accounts.paginated',
    `the pages of a contact linked to ${LINKED_ACCOUNTS} accounts, followed by next_cursor, list each account once and end`,
    async (c) => {
      const { contact, accounts } = await contactWithAccounts(c);
      const seen = new Map<unknown, number>();
      let cursor: string | undefined;
      let e: Conformance | undefined;
      let first: unknown[] = [];
      let followed = false;
      for (let pages = 1; ; pages += 1) {
        // the first page is the run's shared read of the contact's accounts
        const ex =
          cursor === undefined
            ? await contactAccountsRead(c)
            : await c.api.get(`/contact/${contact.id}/relationship/accounts`, { query: { cursor } });
        // the read's query parameters are not shown: a refusal of `cursor` says the server takes its
        // cursor some other way (the rule's `accepts`), recorded, not judged
        if (cursor !== undefined && (ex.response?.status ?? 0) >= 400 && (ex.response?.status ?? 0) <= 499) {
          c.expect(ex).rejected();
          notTaken(c, cursor, pages, `was refused HTTP ${ex.response?.status ?? '?'}`);
          return;
        }
        e = c.expect(ex).success().body('envelopes/relationship-page', 'contact.accounts.page');
        const page = e.json<{ next_cursor: string | null }>();
        const ids = relatedIds(page);
        if (cursor === undefined) first = ids;
        else if (page.next_cursor === cursor || (ids.length > 0 && ids.join() === first.join())) {
          notTaken(
            c,
            cursor,
            pages,
            page.next_cursor === cursor ? 'answered the same next_cursor' : 'answered the first page again',
          );
          return;
        }
        for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
        if (page.next_cursor === null) break;
        if (pages >= MAX_ACCOUNT_PAGES)
          e.fail(
            `next_cursor null within ${MAX_ACCOUNT_PAGES} pages (${LINKED_ACCOUNTS} linked accounts)`,
            `next_cursor ${show(page.next_cursor)} on page ${pages}`,
          );
        cursor = page.next_cursor;
        followed = true;
      }
      const repeated = [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${String(id)} ×${n}`);
      if (repeated.length > 0)
        e.fail('every linked account exactly once across the pages', `repeated: ${repeated.join(', ')}`);
      // an account a listing of one page lacks is the links' read-back's finding (contact.accounts.page,
      // suites/shared/read-backs.ts): one cause, one finding; here, only what following next_cursor lost
      const missing = accounts.filter((a) => !seen.has(a.id)).map((a) => a.id);
      if (missing.length > 0 && followed)
        e.fail(
          `all ${LINKED_ACCOUNTS} linked accounts across the pages`,
          `missing ${missing.join(', ')}; seen ${show([...seen.keys()])}`,
        );
    },
  );
});

// A POST with related_record_match alone is one of the two stated forms. The match's shape is not
// shown (the upsert's { field, value } is sent, naming an account of this run by its display_name),
// so a server may refuse it with the error body; one that takes it answers { parent, api_name, item }.

endpoint('POST /contact/{contact_id}/relationship/{api_name}', () => {
  check(
    'contact.relationship.post',
    'a POST with related_record_match alone is answered { parent, api_name, item }, or refused with the error body (its shape is not shown)',
    async (c) => {
      const { contactId, ex } = await matchAlone(c);
      const e = c.expect(ex);
      c.observe(
        'related-record-match',
        `a POST with related_record_match { field: "display_name", value } alone answered ${answered(ex)}`,
      );
      if (e.response.status >= 200 && e.response.status <= 299) {
        e.body('envelopes/relationship-post');
        const b = e.json<PostBody>();
        if (b.parent.id !== contactId) e.fail(`parent.id ${contactId} (the contact)`, `parent.id ${show(b.parent.id)}`);
        return;
      }
      e.rejected();
    },
  );

  check(
    'contact.relationship.post',
    'a related_record_match naming two accounts of one display_name is answered, refused with the error body, never 5xx',
    async (c) => {
      const { twin, ex } = await matchNamingTwo(c);
      const ts = twin.response?.status ?? 0;
      // a server may hold account names unique: the match then names one account, which it must still answer
      if (ts >= 400 && ts <= 499) c.expect(twin, 'account.create.record').rejected();
      const e = c.expect(ex);
      if (e.response.status >= 200 && e.response.status <= 299) {
        e.body('envelopes/relationship-post');
        return;
      }
      e.rejected();
    },
  );
});
