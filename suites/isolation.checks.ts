import { check, group } from '../lib/check/check.js';
import { valueOf } from './spec/record.js';
import { show } from '../lib/check/show.js';
import {
  archiveAfter,
  ownedAttributes,
  customObject,
  expectValueNotTaken,
  freshUpsertBody,
  linkedRecord,
  recordForProbes,
  upsert,
} from './steps/custom-object.js';
import { opportunityAccount } from './steps/opportunity.js';
import { transcriptRead } from './steps/note-meeting.js';
import {
  contactSecrets,
  expectDenied,
  expectNotLeaked,
  otherOrgContact,
  otherOrgOpportunity,
} from './steps/other-organization.js';
import { sendRefused, type Refusal, type CheckCase } from './shared/refused-writes.js';
import { OPERATIONS, type RecordReadEndpoint } from './spec/operations.js';
import { organizationBChecks } from './sweeps/organization-b.js';
import type { CaseOf } from './sweeps/read-only.js';
import { contactAccountIds, contactWithAccounts, relationshipName } from './steps/relationship.js';

// isolation.other-organization: "Every record is scoped to the caller's organization
// (`organization_id` attribute)." For organization B, a record of organization A is a record that
// does not exist: every request naming one in its path is answered 404 or 403 with the error body,
// never with the record, and leaves it as it was; every body naming one is rejected and links nothing.

// Organization B's refusal: 404 or 403 with the error body, carrying no data of organization A's record.
const OTHER_ORGANIZATION: Refusal = {
  key: 'otherOrgApiKey',
  caller: 'organization B',
  label: 'Intruder',
  expectRefused: (e, secrets) => {
    expectNotLeaked(expectDenied(e), secrets);
  },
};

/**
 * Reads of organization A's records, with organization B's key, that need more than the sweep's
 * generic read (suites/sweeps/organization-b.ts: the record its path names, read by organization B,
 * which gets none of its data): the contact, note and meeting reads are the generic one.
 * Its writes on them are the shared table of refused writes (suites/shared/refused-writes.ts).
 */
const READS: { readonly [E in RecordReadEndpoint]?: CaseOf } = {
  'GET /contact/{contact_id}/relationship/accounts': {
    what: "reading the accounts of organization A's contact",
    run: async (c) => {
      const { contact, accounts } = await contactWithAccounts(c);
      await sendRefused(
        c,
        OTHER_ORGANIZATION,
        { method: 'GET', path: `/contact/${contact.id}/relationship/accounts` },
        [...accounts.flatMap((a) => [a.id, valueOf(a, 'display_name')]), ...contactSecrets(contact)],
      );
    },
  },
  'GET /meeting/{meeting_id}/transcript': {
    what: "reading the transcript link of organization A's meeting",
    run: async (c) => {
      const id = c.need(c.fixtures.meetingId, 'meetingId');
      const mine = c
        .setup((await transcriptRead(c)).ex, 'GET /meeting/{meeting_id}/transcript')
        .json<{ data?: { url?: unknown } }>();
      const url = typeof mine.data?.url === 'string' ? mine.data.url.split('?')[0] : undefined;
      const e = await sendRefused(c, OTHER_ORGANIZATION, { method: 'GET', path: `/meeting/${id}/transcript` }, [url]);
      if ((e.json() as { data?: unknown } | undefined)?.data !== undefined)
        e.fail('no data in the answer', `data ${show((e.json() as { data?: unknown }).data)}`);
    },
  },
  'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}': {
    what: "reading the relationships of organization A's custom-object record",
    run: async (c) => {
      // the run's shared record with linked contacts: only read, and by organization B only
      const { co, rel, recordId, contactIds } = await linkedRecord(c);
      await sendRefused(
        c,
        OTHER_ORGANIZATION,
        { method: 'GET', path: `/${co.apiName}/${recordId}/relationship/${rel.read}` },
        contactIds,
      );
    },
  },
};

/** Every body that names a record: organization B names one of organization A's. */
const BODY_REFERENCES: CheckCase[] = [
  {
    endpoint: 'POST /contact/{contact_id}/relationship/{api_name}',
    what: "organization B links its own contact to organization A's account: rejected, no edge",
    run: async (c) => {
      // organization A's account the opportunities are made on (shared): nothing reads its contacts
      const account = await opportunityAccount(c);
      const theirs = await otherOrgContact(c);
      const e = c
        .expect(
          await c.api.post(
            `/contact/${theirs.id}/relationship/${relationshipName(c, 'contactAccounts')}`,
            { related_record_id: account.id },
            { auth: 'otherOrgApiKey' },
          ),
        )
        .rejected();
      expectNotLeaked(e, [valueOf(account, 'display_name')]);
      const linked = await contactAccountIds(c, theirs.id, 'otherOrgApiKey');
      if (linked.includes(account.id))
        e.fail(
          `organization B's contact not linked to organization A's account ${account.id}`,
          `its accounts read lists ${show(linked)}`,
        );
    },
  },
  {
    endpoint: 'POST /opportunity',
    what: "organization B creates an opportunity on organization A's account: rejected",
    run: async (c) => {
      c.needKey('otherOrgApiKey');
      const mine = await opportunityAccount(c);
      // control: the same create on organization B's own account must work, or the check cannot tell anything
      const { body } = await otherOrgOpportunity(c);
      const e = c.expect(await c.api.post('/opportunity', body(mine.id), { auth: 'otherOrgApiKey' })).rejected();
      expectNotLeaked(e, [valueOf(mine, 'display_name')]);
    },
  },
  {
    endpoint: 'POST /{custom_object_api_name}/_upsert',
    what: "organization B upserts with organization A's match value: never organization A's record",
    run: async (c) => {
      c.needKey('otherOrgApiKey');
      const co = customObject(c);
      // organization A's record the checks only read (shared): the probe looks only for its own value
      const target = await recordForProbes(c, co);
      const attributes = ownedAttributes(c, co, 'Intruder');
      const ex = await upsert(c, co, freshUpsertBody(c, co, target.value, attributes), 'otherOrgApiKey');
      const e = c.expect(ex);
      if (e.response.status >= 200 && e.response.status <= 299) {
        const theirs = e.data();
        if (theirs.id === target.record.id)
          e.fail(
            `a record of organization B (an id other than ${target.record.id})`,
            `organization A's record ${show(theirs.id)}`,
          );
        // organization B's own record, archived with its key (never organization A's, above)
        archiveAfter(c, co, theirs.id, 'otherOrgApiKey');
      } else e.rejected();
      expectNotLeaked(
        e,
        target.unique.filter((v) => v !== target.value),
      );
      await expectValueNotTaken(c, co, target, attributes);
    },
  },
];

group("Isolation › another organization's key on organization A's records", () => {
  for (const item of organizationBChecks(OTHER_ORGANIZATION, OPERATIONS, READS)) {
    check(
      'isolation.other-organization',
      `${item.endpoint}: ${item.what}`,
      async (c) => {
        c.needKey('otherOrgApiKey');
        await item.run(c);
      },
      { endpoint: item.endpoint },
    );
  }
});

group("Isolation › another organization's key naming organization A's records in a body", () => {
  for (const item of BODY_REFERENCES) {
    check(
      'isolation.other-organization',
      `${item.endpoint}: ${item.what}`,
      async (c) => {
        c.needKey('otherOrgApiKey');
        await item.run(c);
      },
      { endpoint: item.endpoint },
    );
  }
});
