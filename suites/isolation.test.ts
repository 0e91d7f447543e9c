import { describe } from 'vitest';
import { refusedWriteTask } from '../lib/steps/task.js';
import { check } from '../lib/check/check.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Conformance } from '../lib/check/expect-conform.js';
import type { Exchange } from '../lib/http/exchange.js';
import { createContact, readContact } from '../lib/steps/contact.js';
import { recordOf, show, valueOf, type ApiRecord } from '../lib/steps/record.js';
import { throughUnstatedRoute } from '../lib/steps/unstated-route.js';
import { tagged } from '../fixtures/tag.js';
import { accountDomainToKeep, createAccount, domainNames, domainPath } from '../lib/steps/account.js';
import {
  archiveAfter, customAttributes, customObject, expectRecordUnchanged, freshUpsertBody, recordToKeep, stringAttributes, upsert,
} from '../lib/steps/custom-object.js';
import { createOpportunity, opportunityWithContact } from '../lib/steps/opportunity.js';
import { expectDenied, expectNotLeaked, otherOrgContact } from '../lib/steps/other-organization.js';
import { otherLabels, phoneItem, phoneItemOf } from '../lib/steps/phone-item.js';
import { contactAccountIds, linkContactToAccount, relatedIds, relationshipName } from '../lib/steps/relationship.js';

// isolation.other-organization: "Every record is scoped to the caller's organization
// (`organization_id` attribute)." For organization B, a record of organization A is a record that
// does not exist: every request naming one in its path is answered 404 or 403 with the error body,
// never with the record, and leaves it as it was; every body naming one is rejected and links nothing.

/** Sends with organization B's key and expects 404 or 403 with the error body. */
async function asOtherOrg(c: CheckContext, method: string, path: string, json?: unknown): Promise<Conformance> {
  const ex: Exchange = await c.api.send(method, path, { auth: 'otherOrgApiKey', ...(json !== undefined ? { json } : {}) });
  return expectDenied(c.expect(ex));
}

function archivedAt(ex: Exchange): unknown {
  const r = recordOf(ex.response?.json);
  return r ? valueOf(r, 'archived_at') : undefined;
}

function contactSecrets(contact: ApiRecord): unknown[] {
  return ['first_name', 'last_name', 'primary_email', 'title'].map((n) => valueOf(contact, n));
}

interface SweepItem {
  endpoint: string;
  what: string;
  run: (c: CheckContext) => Promise<void>;
}

/** Every operation with an id in its path, on organization A's records, with organization B's key. */
const PATH_IDS: SweepItem[] = [
  {
    endpoint: 'GET /contact/{contact_id}', what: 'reading organization A\'s contact',
    run: async (c) => {
      const contact = await createContact(c);
      const e = await asOtherOrg(c, 'GET', `/contact/${contact.id}`);
      expectNotLeaked(e, contactSecrets(contact));
    },
  },
  {
    endpoint: 'PATCH /contact/{contact_id}', what: 'patching organization A\'s contact; it keeps its title',
    run: async (c) => {
      const contact = await createContact(c);
      const title = tagged(`Intruder ${c.faker.string.alphanumeric(8)}`, c.runId);
      const e = await asOtherOrg(c, 'PATCH', `/contact/${contact.id}`, { attributes: { title } });
      expectNotLeaked(e, contactSecrets(contact));
      const after = await readContact(c, contact.id);
      for (const name of ['title', 'first_name', 'last_name']) {
        if (valueOf(after, name) !== valueOf(contact, name)) e.fail(`${name} unchanged (${show(valueOf(contact, name))})`, `${name} ${show(valueOf(after, name))}`);
      }
    },
  },
  {
    endpoint: 'PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}', what: 'patching a phone item of organization A; the item is unchanged',
    run: async (c) => {
      const { contactId, item, own } = await phoneItem(c);
      const e = await asOtherOrg(c, 'PATCH', `/contact/${contactId}/attribute/contact_phone_numbers/${item.id}`, { labels: otherLabels(item.labels), is_primary: true });
      expectNotLeaked(e, [item.phone_number]);
      const after = phoneItemOf(await readContact(c, contactId), item.id);
      // the fixture contact is shared with other checks: only its immutable phone_number is compared there
      const same = own ? JSON.stringify(after) === JSON.stringify(item) : after?.phone_number === item.phone_number;
      if (!same) e.fail(`phone item unchanged (${show(item)})`, `phone item ${show(after)}`);
    },
  },
  {
    endpoint: 'POST /contact/{contact_id}/relationship/{api_name}', what: 'linking organization A\'s contact to an account of organization B; no edge appears',
    run: async (c) => {
      const contact = await createContact(c);
      const theirs = await createAccount(c, { auth: 'otherOrgApiKey' });
      const e = await asOtherOrg(c, 'POST', `/contact/${contact.id}/relationship/${relationshipName(c, 'contactAccounts')}`, { related_record_id: theirs.id });
      expectNotLeaked(e, contactSecrets(contact));
      const linked = await contactAccountIds(c, contact.id);
      if (linked.length > 0) e.fail('organization A\'s contact still linked to no account', `its accounts read lists ${show(linked)}`);
    },
  },
  {
    endpoint: 'GET /contact/{contact_id}/relationship/accounts', what: 'reading the accounts of organization A\'s contact',
    run: async (c) => {
      const contact = await createContact(c);
      const account = await createAccount(c);
      await linkContactToAccount(c, contact.id, account.id);
      const e = await asOtherOrg(c, 'GET', `/contact/${contact.id}/relationship/accounts`);
      expectNotLeaked(e, [account.id, valueOf(account, 'display_name'), ...contactSecrets(contact)]);
    },
  },
  {
    endpoint: 'DELETE /account/{account_id}', what: 'archiving organization A\'s account; it stays active',
    run: async (c) => {
      const account = await createAccount(c);
      const e = await asOtherOrg(c, 'DELETE', `/account/${account.id}`);
      expectNotLeaked(e, [valueOf(account, 'display_name')]);
      await throughUnstatedRoute(c, `/account/${account.id}`, 'the account is not archived', (ex) => {
        const archived = archivedAt(ex);
        if (archived !== null && archived !== undefined) e.fail('archived_at null (not archived)', `archived_at ${show(archived)}`);
      });
    },
  },
  {
    endpoint: 'DELETE /account/{account_id}/attribute/domains/{domain_name}', what: 'removing a domain of organization A\'s account; the domain stays',
    run: async (c) => {
      const { accountId, domain } = await accountDomainToKeep(c);
      const e = await asOtherOrg(c, 'DELETE', domainPath(accountId, domain));
      await throughUnstatedRoute(c, `/account/${accountId}`, 'the domain is still linked', (ex) => {
        const after = recordOf(ex.response?.json);
        const names = after ? domainNames(after) : [];
        if (!names.includes(domain.toLowerCase())) e.fail(`domains still listing ${domain}`, `domains ${show(names)}`);
      });
    },
  },
  {
    endpoint: 'POST /opportunity/{opportunity_id}/relationship/{api_name}', what: 'linking a contact of organization B to organization A\'s opportunity; no edge appears',
    run: async (c) => {
      const api = relationshipName(c, 'opportunityContacts');
      const { opportunity } = await opportunityWithContact(c, false);
      const theirs = await otherOrgContact(c);
      const e = await asOtherOrg(c, 'POST', `/opportunity/${opportunity.id}/relationship/${api}`, { related_record_id: theirs.id });
      expectNotLeaked(e, [valueOf(opportunity, 'display_name')]);
      await throughUnstatedRoute(c, `/opportunity/${opportunity.id}/relationship/${api}`, 'no opportunity-contact edge appeared', (ex) => {
        if (relatedIds(ex.response?.json).includes(theirs.id)) e.fail(`no edge to organization B's contact ${theirs.id}`, 'the opportunity\'s contacts list it');
      });
    },
  },
  {
    endpoint: 'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}', what: 'removing an edge of organization A\'s opportunity; the edge stays',
    run: async (c) => {
      const api = relationshipName(c, 'opportunityContacts');
      const { contact, opportunity } = await opportunityWithContact(c, true);
      const e = await asOtherOrg(c, 'DELETE', `/opportunity/${opportunity.id}/relationship/${api}/${contact.id}`);
      expectNotLeaked(e, [valueOf(opportunity, 'display_name'), ...contactSecrets(contact)]);
      await throughUnstatedRoute(c, `/opportunity/${opportunity.id}/relationship/${api}`, 'the opportunity-contact edge is still there', (ex) => {
        if (!relatedIds(ex.response?.json).includes(contact.id)) e.fail(`the edge to contact ${contact.id} still listed`, `items ${show(relatedIds(ex.response?.json))}`);
      });
    },
  },
  {
    endpoint: 'PATCH /task/{task_id}', what: 'patching organization A\'s task; it keeps its disposition',
    run: async (c) => {
      const task = refusedWriteTask(c, 'isolation');
      const disposition = tagged(`Intruder ${c.faker.string.alphanumeric(8)}`, c.runId);
      const e = await asOtherOrg(c, 'PATCH', `/task/${task}`, { attributes: { disposition } });
      await throughUnstatedRoute(c, `/task/${task}`, 'the task kept its disposition', (ex) => {
        const after = recordOf(ex.response?.json);
        if (after && valueOf(after, 'disposition') === disposition) e.fail('disposition not the one organization B sent', `disposition ${show(disposition)}`);
      });
    },
  },
  {
    endpoint: 'DELETE /task/{task_id}', what: 'archiving organization A\'s task; its archived_at is unchanged',
    run: async (c) => {
      const task = refusedWriteTask(c, 'isolation');
      let before: unknown;
      await throughUnstatedRoute(c, `/task/${task}`, 'the task\'s archived_at before', (ex) => { before = archivedAt(ex); });
      const e = await asOtherOrg(c, 'DELETE', `/task/${task}`);
      await throughUnstatedRoute(c, `/task/${task}`, 'the task is not archived', (ex) => {
        const after = archivedAt(ex);
        if ((after ?? null) !== (before ?? null)) e.fail(`archived_at unchanged (${show(before ?? null)})`, `archived_at ${show(after)}`);
      });
    },
  },
  {
    endpoint: 'GET /note/{note_id}', what: 'reading organization A\'s note',
    run: async (c) => {
      const id = c.need(c.fixtures.noteId, 'noteId');
      const note = c.setup(await c.api.get(`/note/${id}`), 'GET /note/{note_id}').data();
      const e = await asOtherOrg(c, 'GET', `/note/${id}`);
      expectNotLeaked(e, [valueOf(note, 'title'), valueOf(note, 'note_html')]);
    },
  },
  {
    endpoint: 'GET /meeting/{meeting_id}', what: 'reading organization A\'s meeting',
    run: async (c) => {
      const id = c.need(c.fixtures.meetingId, 'meetingId');
      const meeting = c.setup(await c.api.get(`/meeting/${id}`), 'GET /meeting/{meeting_id}').data();
      const e = await asOtherOrg(c, 'GET', `/meeting/${id}`);
      expectNotLeaked(e, ['title', 'description', 'agenda', 'location', 'meeting_url'].map((n) => valueOf(meeting, n)));
    },
  },
  {
    endpoint: 'GET /meeting/{meeting_id}/transcript', what: 'reading the transcript link of organization A\'s meeting',
    run: async (c) => {
      const id = c.need(c.fixtures.meetingId, 'meetingId');
      const mine = c.setup(await c.api.get(`/meeting/${id}/transcript`), 'GET /meeting/{meeting_id}/transcript').json<{ data?: { url?: unknown } }>();
      const e = await asOtherOrg(c, 'GET', `/meeting/${id}/transcript`);
      const url = typeof mine.data?.url === 'string' ? mine.data.url.split('?')[0] : undefined;
      expectNotLeaked(e, [url]);
      if ((e.json() as { data?: unknown } | undefined)?.data !== undefined) e.fail('no data in the answer', `data ${show((e.json() as { data?: unknown }).data)}`);
    },
  },
  {
    endpoint: 'PATCH /{custom_object_api_name}/{record_id}', what: 'patching organization A\'s custom-object record; it is unchanged',
    run: async (c) => {
      const co = customObject(c);
      const kept = await recordToKeep(c, co);
      const e = await asOtherOrg(c, 'PATCH', `/${co.apiName}/${kept.record.id}`, { attributes: customAttributes(c, co, 'Intruder') });
      expectNotLeaked(e, [kept.value, ...stringAttributes(kept.attributes).map(([, v]) => v)]);
      await expectRecordUnchanged(c, co, kept);
    },
  },
  {
    endpoint: 'DELETE /{custom_object_api_name}/{record_id}', what: 'archiving organization A\'s custom-object record; the upsert still finds it',
    run: async (c) => {
      const co = customObject(c);
      const kept = await recordToKeep(c, co);
      const e = await asOtherOrg(c, 'DELETE', `/${co.apiName}/${kept.record.id}`);
      expectNotLeaked(e, [kept.value, ...stringAttributes(kept.attributes).map(([, v]) => v)]);
      await expectRecordUnchanged(c, co, kept);
    },
  },
  {
    endpoint: 'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}', what: 'reading the relationships of organization A\'s custom-object record',
    run: async (c) => {
      const co = customObject(c);
      const { record } = await recordToKeep(c, co);
      const contact = await createContact(c);
      c.setup(await c.api.post(`/contact/${contact.id}/relationship/${relationshipName(c, 'contactCustomObject')}`, { related_record_id: record.id }), 'POST /contact/{contact_id}/relationship/{api_name}');
      const e = await asOtherOrg(c, 'GET', `/${co.apiName}/${record.id}/relationship/${relationshipName(c, 'customObject')}`);
      expectNotLeaked(e, [contact.id, ...contactSecrets(contact)]);
    },
  },
];

/** Every body that names a record: organization B names one of organization A's. */
const BODY_REFERENCES: SweepItem[] = [
  {
    endpoint: 'POST /contact/{contact_id}/relationship/{api_name}', what: 'organization B links its own contact to organization A\'s account: rejected, no edge',
    run: async (c) => {
      const account = await createAccount(c);
      const theirs = await otherOrgContact(c);
      const e = c.expect(await c.api.post(`/contact/${theirs.id}/relationship/${relationshipName(c, 'contactAccounts')}`, { related_record_id: account.id }, { auth: 'otherOrgApiKey' })).rejected();
      expectNotLeaked(e, [valueOf(account, 'display_name')]);
      const linked = await contactAccountIds(c, theirs.id, 'otherOrgApiKey');
      if (linked.includes(account.id)) e.fail(`organization B's contact not linked to organization A's account ${account.id}`, `its accounts read lists ${show(linked)}`);
    },
  },
  {
    endpoint: 'POST /opportunity', what: 'organization B creates an opportunity on organization A\'s account: rejected',
    run: async (c) => {
      c.needKey('otherOrgApiKey');
      // stage ids are per workspace: take the stage's api_name from one of A's opportunities
      const mine = await createAccount(c);
      const opportunity = await createOpportunity(c, mine.id);
      const stageName = (valueOf(opportunity, 'stage') as { api_name?: unknown } | null)?.api_name;
      const stage = { value_type: 'select', value: { api_name: c.need(typeof stageName === 'string' ? stageName : undefined, 'opportunity.stageId (the created opportunity showed no stage api_name)') } };
      const theirs = await createAccount(c, { auth: 'otherOrgApiKey' });
      const body = (accountId: string) => ({ attributes: { display_name: tagged('Cross-organization deal', c.runId), stage, account_id: accountId } });
      // control: the same create on organization B's own account must work, or the check cannot tell anything
      const control = await c.api.post('/opportunity', body(theirs.id), { auth: 'otherOrgApiKey' });
      const cs = control.response?.status ?? 0;
      if (cs >= 400 && cs <= 499) c.need(undefined, `opportunity.stageId (organization B refused an opportunity in stage ${show(stageName)} on its own account: HTTP ${cs})`);
      c.setup(control, 'POST /opportunity (otherOrgApiKey, its own account)');
      const e = c.expect(await c.api.post('/opportunity', body(mine.id), { auth: 'otherOrgApiKey' })).rejected();
      expectNotLeaked(e, [valueOf(mine, 'display_name')]);
    },
  },
  {
    endpoint: 'POST /{custom_object_api_name}/_upsert', what: 'organization B upserts with organization A\'s match value: never organization A\'s record',
    run: async (c) => {
      c.needKey('otherOrgApiKey');
      const co = customObject(c);
      const kept = await recordToKeep(c, co);
      const ex = await upsert(c, co, freshUpsertBody(c, co, kept.value, customAttributes(c, co, 'Intruder')), 'otherOrgApiKey');
      const e = c.expect(ex);
      if (e.response.status >= 200 && e.response.status <= 299) {
        const theirs = e.data();
        archiveAfter(c, co, theirs.id, 'otherOrgApiKey');
        if (theirs.id === kept.record.id) e.fail(`a record of organization B (an id other than ${kept.record.id})`, `organization A's record ${show(theirs.id)}`);
        expectNotLeaked(e, stringAttributes(kept.attributes).map(([, v]) => v));
      } else {
        e.rejected();
        expectNotLeaked(e, stringAttributes(kept.attributes).map(([, v]) => v));
      }
      await expectRecordUnchanged(c, co, kept);
    },
  },
];

describe('Isolation › another organization\'s key on organization A\'s records', () => {
  for (const item of PATH_IDS) {
    check('isolation.other-organization', `${item.endpoint}: ${item.what}`, async (c) => {
      c.needKey('otherOrgApiKey');
      await item.run(c);
    }, { endpoint: item.endpoint });
  }
});

describe('Isolation › another organization\'s key naming organization A\'s records in a body', () => {
  for (const item of BODY_REFERENCES) {
    check('isolation.other-organization', `${item.endpoint}: ${item.what}`, async (c) => {
      c.needKey('otherOrgApiKey');
      await item.run(c);
    }, { endpoint: item.endpoint });
  }
});
