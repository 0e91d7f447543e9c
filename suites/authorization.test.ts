import { describe } from 'vitest';
import { refusedWriteTask } from '../lib/steps/task.js';
import { check } from '../lib/check/check.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Conformance } from '../lib/check/expect-conform.js';
import type { Exchange } from '../lib/http/exchange.js';
import { contactStage, createContact, readContact } from '../lib/steps/contact.js';
import { recordOf, show, valueOf } from '../lib/steps/record.js';
import { throughUnstatedRoute } from '../lib/steps/unstated-route.js';
import { tagged } from '../fixtures/tag.js';
import { contactCreateBody } from '../fixtures/contact.js';
import { accountCreateBody } from '../fixtures/account.js';
import { accountDomainToKeep, createAccount, domainNames, domainPath } from '../lib/steps/account.js';
import { customAttributes, customObject, expectRecordUnchanged, freshUpsertBody, recordToKeep } from '../lib/steps/custom-object.js';
import { opportunityStage, opportunityWithContact } from '../lib/steps/opportunity.js';
import { otherLabels, phoneItem, phoneItemOf } from '../lib/steps/phone-item.js';
import { contactAccountIds, relatedIds, relationshipName } from '../lib/steps/relationship.js';

// auth.forbidden-403: "A caller without permission for the operation yields 403." The read-only
// key of organization A tries every write the spec states, on real records of organization A with a
// valid body (so permission is the only reason to refuse), and the record is unchanged afterwards.

/** Sends with the read-only key and expects 403 with the error body. */
async function asReadOnly(c: CheckContext, method: string, path: string, json?: unknown): Promise<Conformance> {
  const ex: Exchange = await c.api.send(method, path, { auth: 'readOnlyApiKey', ...(json !== undefined ? { json } : {}) });
  return c.expect(ex).status(403).errorBody();
}

function archivedAt(ex: Exchange): unknown {
  const r = recordOf(ex.response?.json);
  return r ? valueOf(r, 'archived_at') : undefined;
}

interface WriteCase {
  endpoint: string;
  what: string;
  run: (c: CheckContext) => Promise<void>;
}

const WRITES: WriteCase[] = [
  {
    endpoint: 'POST /contact', what: 'a valid contact create',
    run: async (c) => { await asReadOnly(c, 'POST', '/contact', contactCreateBody(c.faker, { stage: contactStage(c), runId: c.runId })); },
  },
  {
    endpoint: 'PATCH /contact/{contact_id}', what: 'a title patch; the contact keeps its title',
    run: async (c) => {
      const contact = await createContact(c);
      const title = tagged(`Forbidden ${c.faker.string.alphanumeric(8)}`, c.runId);
      const e = await asReadOnly(c, 'PATCH', `/contact/${contact.id}`, { attributes: { title } });
      const after = await readContact(c, contact.id);
      for (const name of ['title', 'first_name', 'last_name']) {
        if (valueOf(after, name) !== valueOf(contact, name)) e.fail(`${name} unchanged (${show(valueOf(contact, name))})`, `${name} ${show(valueOf(after, name))}`);
      }
    },
  },
  {
    endpoint: 'PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}', what: 'a labels patch; the item is unchanged',
    run: async (c) => {
      const { contactId, item, own } = await phoneItem(c);
      const e = await asReadOnly(c, 'PATCH', `/contact/${contactId}/attribute/contact_phone_numbers/${item.id}`, { labels: otherLabels(item.labels) });
      const after = phoneItemOf(await readContact(c, contactId), item.id);
      // the fixture contact is shared with other checks: only its immutable phone_number is compared there
      const same = own ? JSON.stringify(after) === JSON.stringify(item) : after?.phone_number === item.phone_number;
      if (!same) e.fail(`phone item unchanged (${show(item)})`, `phone item ${show(after)}`);
    },
  },
  {
    endpoint: 'POST /contact/{contact_id}/relationship/{api_name}', what: 'linking a contact to an account; no edge appears',
    run: async (c) => {
      const contact = await createContact(c);
      const account = await createAccount(c);
      const e = await asReadOnly(c, 'POST', `/contact/${contact.id}/relationship/${relationshipName(c, 'contactAccounts')}`, { related_record_id: account.id });
      const linked = await contactAccountIds(c, contact.id);
      if (linked.includes(account.id)) e.fail(`no edge to account ${account.id}`, `the contact's accounts read lists it: ${show(linked)}`);
    },
  },
  {
    endpoint: 'POST /account', what: 'a valid account create',
    run: async (c) => { await asReadOnly(c, 'POST', '/account', accountCreateBody(c.faker, { runId: c.runId })); },
  },
  {
    endpoint: 'DELETE /account/{account_id}', what: 'archiving an account; it stays active',
    run: async (c) => {
      const account = await createAccount(c);
      const e = await asReadOnly(c, 'DELETE', `/account/${account.id}`);
      await throughUnstatedRoute(c, `/account/${account.id}`, 'the account is not archived', (ex) => {
        const after = recordOf(ex.response?.json);
        const archived = after ? valueOf(after, 'archived_at') : undefined;
        if (archived !== null && archived !== undefined) e.fail('archived_at null (not archived)', `archived_at ${show(archived)}`);
      });
    },
  },
  {
    endpoint: 'DELETE /account/{account_id}/attribute/domains/{domain_name}', what: 'removing a domain; the domain stays',
    run: async (c) => {
      const { accountId, domain } = await accountDomainToKeep(c);
      const e = await asReadOnly(c, 'DELETE', domainPath(accountId, domain));
      await throughUnstatedRoute(c, `/account/${accountId}`, 'the domain is still linked', (ex) => {
        const after = recordOf(ex.response?.json);
        const names = after ? domainNames(after) : [];
        if (!names.includes(domain.toLowerCase())) e.fail(`domains still listing ${domain}`, `domains ${show(names)}`);
      });
    },
  },
  {
    endpoint: 'POST /opportunity', what: 'a valid opportunity create',
    run: async (c) => {
      const account = await createAccount(c);
      await asReadOnly(c, 'POST', '/opportunity', { attributes: { display_name: tagged('Forbidden deal', c.runId), stage: opportunityStage(c), account_id: account.id } });
    },
  },
  {
    endpoint: 'POST /opportunity/{opportunity_id}/relationship/{api_name}', what: 'linking a contact that is on the opportunity\'s account; no edge appears',
    run: async (c) => {
      const api = relationshipName(c, 'opportunityContacts');
      const { contact, opportunity } = await opportunityWithContact(c, false);
      const e = await asReadOnly(c, 'POST', `/opportunity/${opportunity.id}/relationship/${api}`, { related_record_id: contact.id });
      await throughUnstatedRoute(c, `/opportunity/${opportunity.id}/relationship/${api}`, 'no opportunity-contact edge appeared', (ex) => {
        if (relatedIds(ex.response?.json).includes(contact.id)) e.fail(`no edge to contact ${contact.id}`, `the opportunity's contacts list it`);
      });
    },
  },
  {
    endpoint: 'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}', what: 'removing an opportunity-contact edge; the edge stays',
    run: async (c) => {
      const api = relationshipName(c, 'opportunityContacts');
      const { contact, opportunity } = await opportunityWithContact(c, true);
      const e = await asReadOnly(c, 'DELETE', `/opportunity/${opportunity.id}/relationship/${api}/${contact.id}`);
      await throughUnstatedRoute(c, `/opportunity/${opportunity.id}/relationship/${api}`, 'the opportunity-contact edge is still there', (ex) => {
        if (!relatedIds(ex.response?.json).includes(contact.id)) e.fail(`the edge to contact ${contact.id} still listed`, `items ${show(relatedIds(ex.response?.json))}`);
      });
    },
  },
  {
    endpoint: 'PATCH /task/{task_id}', what: 'a disposition patch; the task keeps its disposition',
    run: async (c) => {
      const task = refusedWriteTask(c, 'authorization');
      const disposition = tagged(`Forbidden ${c.faker.string.alphanumeric(8)}`, c.runId);
      const e = await asReadOnly(c, 'PATCH', `/task/${task}`, { attributes: { disposition } });
      await throughUnstatedRoute(c, `/task/${task}`, 'the task kept its disposition', (ex) => {
        const after = recordOf(ex.response?.json);
        if (after && valueOf(after, 'disposition') === disposition) e.fail('disposition not the one the read-only key sent', `disposition ${show(disposition)}`);
      });
    },
  },
  {
    endpoint: 'DELETE /task/{task_id}', what: 'archiving a task; its archived_at is unchanged',
    run: async (c) => {
      const task = refusedWriteTask(c, 'authorization');
      let before: unknown;
      await throughUnstatedRoute(c, `/task/${task}`, 'the task\'s archived_at before', (ex) => { before = archivedAt(ex); });
      const e = await asReadOnly(c, 'DELETE', `/task/${task}`);
      await throughUnstatedRoute(c, `/task/${task}`, 'the task is not archived', (ex) => {
        const after = archivedAt(ex);
        if ((after ?? null) !== (before ?? null)) e.fail(`archived_at unchanged (${show(before ?? null)})`, `archived_at ${show(after)}`);
      });
    },
  },
  {
    endpoint: 'POST /{custom_object_api_name}/_upsert', what: 'an upsert on an existing record\'s match value; the record is unchanged',
    run: async (c) => {
      const co = customObject(c);
      const kept = await recordToKeep(c, co);
      await asReadOnly(c, 'POST', `/${co.apiName}/_upsert`, freshUpsertBody(c, co, kept.value, customAttributes(c, co, 'Forbidden')));
      await expectRecordUnchanged(c, co, kept);
    },
  },
  {
    endpoint: 'PATCH /{custom_object_api_name}/{record_id}', what: 'a patch of a record; the record is unchanged',
    run: async (c) => {
      const co = customObject(c);
      const kept = await recordToKeep(c, co);
      await asReadOnly(c, 'PATCH', `/${co.apiName}/${kept.record.id}`, { attributes: customAttributes(c, co, 'Forbidden') });
      await expectRecordUnchanged(c, co, kept);
    },
  },
  {
    endpoint: 'DELETE /{custom_object_api_name}/{record_id}', what: 'archiving a record; the upsert still finds it',
    run: async (c) => {
      const co = customObject(c);
      const kept = await recordToKeep(c, co);
      await asReadOnly(c, 'DELETE', `/${co.apiName}/${kept.record.id}`);
      await expectRecordUnchanged(c, co, kept);
    },
  },
];

describe('Authorization › read-only key on every write', () => {
  for (const w of WRITES) {
    check('auth.forbidden-403', `${w.endpoint} with the read-only key answers 403: ${w.what}`, async (c) => {
      c.needKey('readOnlyApiKey');
      await w.run(c);
    }, { endpoint: w.endpoint });
  }
});

describe('Authorization › read-only key reads', () => {
  check('auth.bearer-accepted', 'the read-only key reads a contact of its organization', async (c) => {
    c.needKey('readOnlyApiKey');
    const contact = await createContact(c);
    const e = c.expect(await c.api.get(`/contact/${contact.id}`, { auth: 'readOnlyApiKey' })).success();
    const read = e.data();
    if (read.id !== contact.id) e.fail(`data.id ${contact.id}`, `data.id ${show(read.id)}`);
  }, { endpoint: 'GET /contact/{contact_id}' });
});
