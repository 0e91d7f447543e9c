import { isDeepStrictEqual } from 'node:util';
import type { CheckContext } from '../../lib/check/context.js';
import type { Conformance } from '../../lib/check/expect-conform.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { tagged } from '../../fixtures/builders/tag.js';
import { accountDomainToKeep, createAccount, domainNames, domainPath } from '../steps/account.js';
import { contactForProbes, readContact } from '../steps/contact.js';
import {
  ownedAttributes,
  customObject,
  expectRecordUnchanged,
  expectValueNotTaken,
  recordForProbes,
  recordToKeep,
  type KeptRecord,
} from '../steps/custom-object.js';
import { contactOnSharedOpportunity } from '../steps/opportunity.js';
import { contactSecrets } from '../steps/other-organization.js';
import { otherLabels, phoneContact, phoneItemOf, putBackPhoneItem } from '../steps/phone-item.js';
import { valueOf, answeredRecord, type ApiRecord } from '../spec/record.js';
import { show } from '../../lib/check/show.js';
import { contactAccountIds, relationshipName } from '../steps/relationship.js';
import { holdTaskToArchive, putBackTaskDisposition, takeTask, taskDispositionNow } from '../steps/task.js';
import type { RecordKind } from '../../fixtures/kept-records.js';
import { throughUnstatedPage, throughUnstatedRecordRead } from '../steps/unstated-route.js';
import { OPERATIONS, type RecordWriteEndpoint } from '../spec/operations.js';
import type { AnyTable } from '../spec/operation-row.js';
import { casesFor, isRecordWrite } from '../sweeps/cases.js';

/**
 * The writes on organization A's records that a caller must be refused, each with the read that
 * shows the record unchanged afterwards. Two rules refuse them, each under its own key:
 * auth.forbidden-403 ("A caller without permission for the operation yields 403": the read-only key
 * of organization A) and isolation.other-organization ("Every record is scoped to the caller's
 * organization": organization B's key).
 *
 * Every request is one organization A's full key would have had accepted: the record exists, the
 * body is valid, and what the body names is organization A's too. So the caller (its permission, or
 * its organization) is the only reason to refuse it.
 */

/** A key of the run whose writes on organization A's records must be refused. */
export type RefusingKey = 'readOnlyApiKey' | 'otherOrgApiKey';

/** One suite's caller, and what its refusal must look like. */
export interface Refusal {
  key: RefusingKey;
  /** the caller, as failure messages name it */
  caller: string;
  /** first word of the values the write sends, so a later read shows whose write went through */
  label: string;
  /** judges the answer; `secrets` is data of organization A's record the answer must not carry */
  expectRefused(e: Conformance, secrets: readonly unknown[]): void;
}

/** A request the caller must be refused (a write; for organization B, a read of organization A's record too). */
export interface RefusedRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  json?: unknown;
  /** why it changes nothing even if wrongly taken: only such a write is sent under --read-only */
  harmless?: string;
}

/** Sends a request with the refusal's key and judges the answer as a refusal. */
export async function sendRefused(
  c: CheckContext,
  refusal: Refusal,
  request: RefusedRequest,
  secrets: readonly unknown[] = [],
): Promise<Conformance> {
  const e = c.expect(await sendRefusedRequest(c, refusal, request));
  refusal.expectRefused(e, secrets);
  return e;
}

/** Sends a request with the refusal's key; the answer is not judged yet. */
async function sendRefusedRequest(c: CheckContext, refusal: Refusal, request: RefusedRequest): Promise<Exchange> {
  return c.api.send(request.method, request.path, {
    auth: refusal.key,
    ...(request.json !== undefined ? { json: request.json } : {}),
    ...(request.harmless !== undefined ? { harmless: request.harmless } : {}),
  });
}

/** A check's worth: the operation, what it tries (as the title words it), and the check body. */
export interface CheckCase {
  endpoint: string;
  what: string;
  run(c: CheckContext): Promise<void>;
}

/** One refused write; `S` is what the set-up made (the record, and what the write will send). */
interface RefusedWrite<S> {
  /**
   * Whose record the write goes to (fixtures/kept-records.ts). Only `own` and `given up` records
   * take a write that would archive, remove or unlink something; a `kept` one takes only a PATCH,
   * read before and after and put back when the server wrongly took it.
   */
  writesTo: readonly RecordKind[];
  /** what it tries, in each key's check title */
  what: Record<RefusingKey, string>;
  /** organization A's record, made with organization A's full key */
  setUp(c: CheckContext, refusal: Refusal): Promise<S>;
  request(s: S): RefusedRequest;
  /** data of the record an answer to organization B must not echo */
  secrets(s: S): readonly unknown[];
  /** the read that shows the record unchanged; a change fails `e`, the refused write's expectation */
  unchanged(c: CheckContext, s: S, e: Conformance, refusal: Refusal): Promise<void>;
  /**
   * For a write to a kept record: after the check, pass or fail, read the record and put back what
   * the server wrongly took (`answer`: the refused write's, when it was sent).
   */
  putBack?(c: CheckContext, s: S, answer: Exchange | undefined): Promise<void>;
}

/** A refused write with its record type erased, so the table can hold every kind. */
export interface AnyRefusedWrite {
  writesTo: readonly RecordKind[];
  what: Record<RefusingKey, string>;
  run(c: CheckContext, refusal: Refusal): Promise<void>;
}

function refusedWrite<S>(w: RefusedWrite<S>): AnyRefusedWrite {
  return {
    writesTo: w.writesTo,
    what: w.what,
    async run(c, refusal) {
      const s = await w.setUp(c, refusal);
      // eslint-disable-next-line prefer-const -- assigned after the cleanup that reads it is registered
      let answer: Exchange | undefined;
      // a cleanup, so that it runs whatever the answer (a wrong one ends the check at once)
      if (w.putBack) c.cleanup(() => w.putBack!(c, s, answer));
      answer = await sendRefusedRequest(c, refusal, w.request(s));
      const e = c.expect(answer);
      refusal.expectRefused(e, w.secrets(s));
      await w.unchanged(c, s, e, refusal);
    },
  };
}

function customObjectSecrets(kept: KeptRecord): unknown[] {
  return kept.unique;
}

/**
 * A refused write for every write of the operation table whose path names a record (the compiler
 * holds it: a record write added to the table does not compile until it has one here).
 */
export const REFUSED_WRITES: { readonly [E in RecordWriteEndpoint]: AnyRefusedWrite } = {
  'PATCH /contact/{contact_id}': refusedWrite({
    writesTo: ['own'],
    what: {
      readOnlyApiKey: 'a title patch; the contact does not take its title',
      otherOrgApiKey: "patching organization A's contact; it does not take the title",
    },
    // the run's contact for probes: each probe writes a title of its own and looks only for that one
    setUp: async (c, r) => ({
      contact: await contactForProbes(c),
      title: tagged(`${r.label} ${c.faker.string.alphanumeric(8)}`, c.runId),
    }),
    request: ({ contact, title }) => ({
      method: 'PATCH',
      path: `/contact/${contact.id}`,
      json: { attributes: { title } },
    }),
    secrets: ({ contact }) => contactSecrets(contact),
    unchanged: async (c, { contact, title }, e) => {
      const after = valueOf(await readContact(c, contact.id), 'title');
      if (after === title) e.fail(`title not the one the refused patch sent (${show(title)})`, `title ${show(after)}`);
    },
  }),
  'PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}': refusedWrite({
    // the fixture contactWithPhoneNumbersId only where the server takes no phone items on create
    writesTo: ['own', 'kept'],
    what: {
      readOnlyApiKey: 'a labels patch; the item is unchanged',
      otherOrgApiKey: 'patching a phone item of organization A; the item is unchanged',
    },
    setUp: async (c) => {
      const p = await phoneContact(c);
      return { contactId: p.contactId, item: p.other, own: p.own, seen: {} as { after?: ApiRecord } };
    },
    // labels only: valid for any item, and it touches nothing else (is_primary: true would also
    // demote the primary item of the fixture contact, which other checks share)
    request: ({ contactId, item }) => ({
      method: 'PATCH',
      path: `/contact/${contactId}/attribute/contact_phone_numbers/${item.id}`,
      json: { labels: otherLabels(item.labels) },
    }),
    secrets: ({ item }) => [item.phone_number],
    unchanged: async (c, { contactId, item, seen }, e) => {
      seen.after = await readContact(c, contactId);
      const after = phoneItemOf(seen.after, item.id);
      if (!isDeepStrictEqual(after, item)) e.fail(`phone item unchanged (${show(item)})`, `phone item ${show(after)}`);
    },
    putBack: async (c, { contactId, item, own, seen }) => {
      if (own) return;
      // the read that judged the write where there was one: the check holds the contact, nothing wrote since
      const after = seen.after ?? answeredRecord(await c.api.get(`/contact/${contactId}`));
      const now = after ? phoneItemOf(after, item.id) : undefined;
      if (after && !isDeepStrictEqual(now, item)) await putBackPhoneItem(c, contactId, item, now);
    },
  }),
  'POST /contact/{contact_id}/relationship/{api_name}': refusedWrite({
    writesTo: ['own'],
    what: {
      readOnlyApiKey: 'linking a contact to an account; no edge appears',
      otherOrgApiKey: "linking organization A's contact to organization A's account; no edge appears",
    },
    // the target is organization A's account too: an account of organization B would give the
    // server a second reason to refuse (a target the parent's organization cannot see). The parent is
    // the run's contact for probes, the account the probe's own: it looks only for an edge to that one.
    setUp: async (c) => ({
      api: relationshipName(c, 'contactAccounts'),
      contact: await contactForProbes(c),
      account: await createAccount(c),
    }),
    request: ({ api, contact, account }) => ({
      method: 'POST',
      path: `/contact/${contact.id}/relationship/${api}`,
      json: { related_record_id: account.id },
    }),
    secrets: ({ contact, account }) => [valueOf(account, 'display_name'), ...contactSecrets(contact)],
    unchanged: async (c, { contact, account }, e) => {
      const linked = await contactAccountIds(c, contact.id);
      if (linked.includes(account.id))
        e.fail(`no edge to account ${account.id}`, `the contact's accounts read lists it: ${show(linked)}`);
    },
  }),
  'DELETE /account/{account_id}': refusedWrite({
    writesTo: ['own'],
    what: {
      readOnlyApiKey: 'archiving an account; it stays active',
      otherOrgApiKey: "archiving organization A's account; it stays active",
    },
    setUp: (c) => createAccount(c),
    request: (account) => ({ method: 'DELETE', path: `/account/${account.id}` }),
    secrets: (account) => [valueOf(account, 'display_name')],
    unchanged: async (c, account, e) => {
      await throughUnstatedRecordRead(c, `/account/${account.id}`, 'the account is not archived', (after) => {
        const archived = valueOf(after, 'archived_at');
        if (archived !== null && archived !== undefined)
          e.fail('archived_at null (not archived)', `archived_at ${show(archived)}`);
      });
    },
  }),
  'DELETE /account/{account_id}/attribute/domains/{domain_name}': refusedWrite({
    // the fixture's otherDomain only where the server takes no domains on account create
    writesTo: ['own', 'given up'],
    what: {
      readOnlyApiKey: 'removing a domain; the domain stays',
      otherOrgApiKey: "removing a domain of organization A's account; the domain stays",
    },
    setUp: (c) => accountDomainToKeep(c),
    request: ({ accountId, domain }) => ({ method: 'DELETE', path: domainPath(accountId, domain) }),
    // the domain name is in the path, so an answer may name it without leaking anything
    secrets: () => [],
    unchanged: async (c, { accountId, domain }, e) => {
      // a read that is not { data: record } says nothing of the domain: never taken for "no domains"
      await throughUnstatedRecordRead(c, `/account/${accountId}`, 'the domain is still linked', (after) => {
        const names = domainNames(after);
        if (!names.includes(domain.toLowerCase())) e.fail(`domains still listing ${domain}`, `domains ${show(names)}`);
      });
    },
  }),
  'POST /opportunity/{opportunity_id}/relationship/{api_name}': refusedWrite({
    writesTo: ['own'],
    what: {
      readOnlyApiKey: "linking a contact that is on the opportunity's account; no edge appears",
      otherOrgApiKey: "linking a contact on its account to organization A's opportunity; no edge appears",
    },
    // a contact on the opportunity's account: any other contact (one of organization B's) may be
    // refused with 409 contact_account_association_required instead. The opportunity is the run's
    // (shared), the contact the probe's own: it looks only for an edge to that one.
    setUp: async (c) => ({
      api: relationshipName(c, 'opportunityContacts'),
      ...(await contactOnSharedOpportunity(c, false)),
    }),
    request: ({ api, contact, opportunity }) => ({
      method: 'POST',
      path: `/opportunity/${opportunity.id}/relationship/${api}`,
      json: { related_record_id: contact.id },
    }),
    secrets: ({ contact, opportunity }) => [valueOf(opportunity, 'display_name'), ...contactSecrets(contact)],
    unchanged: async (c, { api, contact, opportunity }, e) => {
      await throughUnstatedPage(
        c,
        `/opportunity/${opportunity.id}/relationship/${api}`,
        'no opportunity-contact edge appeared',
        (ids) => {
          if (ids.includes(contact.id))
            e.fail(`no edge to contact ${contact.id}`, "the opportunity's contacts list it");
        },
      );
    },
  }),
  'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}': refusedWrite({
    writesTo: ['own'],
    what: {
      readOnlyApiKey: 'removing an opportunity-contact edge; the edge stays',
      otherOrgApiKey: "removing an edge of organization A's opportunity; the edge stays",
    },
    // the run's opportunity (shared), the edge to the probe's own contact
    setUp: async (c) => ({
      api: relationshipName(c, 'opportunityContacts'),
      ...(await contactOnSharedOpportunity(c, true)),
    }),
    request: ({ api, contact, opportunity }) => ({
      method: 'DELETE',
      path: `/opportunity/${opportunity.id}/relationship/${api}/${contact.id}`,
    }),
    secrets: ({ contact, opportunity }) => [valueOf(opportunity, 'display_name'), ...contactSecrets(contact)],
    unchanged: async (c, { api, contact, opportunity }, e) => {
      await throughUnstatedPage(
        c,
        `/opportunity/${opportunity.id}/relationship/${api}`,
        'the opportunity-contact edge is still there',
        (items) => {
          if (!items.includes(contact.id))
            e.fail(`the edge to contact ${contact.id} still listed`, `items ${show(items)}`);
        },
      );
    },
  }),
  'PATCH /task/{task_id}': refusedWrite({
    // tasks have no create endpoint: the user's task (taskIds[0]), which the task checks write too
    writesTo: ['kept'],
    what: {
      readOnlyApiKey: 'a disposition patch; the task keeps its disposition',
      otherOrgApiKey: "patching organization A's task; it keeps its disposition",
    },
    setUp: async (c, r) => {
      const task = await takeTask(c);
      const before = await taskDispositionNow(c, task);
      // `seen`: the task as the read after the refused patch showed it, which the put-back reuses
      const seen: { task?: ApiRecord } = {};
      if (!c.target.readOnly) {
        return { task, before, seen, disposition: tagged(`${r.label} ${c.faker.string.alphanumeric(8)}`, c.runId) };
      }
      // --read-only: the disposition the task already has, so a server that wrongly takes it changes nothing
      if (typeof before !== 'string') {
        const risk = '--read-only: this check would change a task if the server wrongly accepted it';
        c.skip(
          before === undefined
            ? `${risk}, and the server serves no task read to learn the disposition it already has`
            : `${risk}; the task's disposition is ${show(before)}, no value to send back unchanged`,
          { key: '--read-only', kind: 'excluded' },
        );
      }
      return { task, before, seen, disposition: before };
    },
    request: ({ task, disposition, before }) => ({
      method: 'PATCH',
      path: `/task/${task}`,
      json: { attributes: { disposition } },
      ...(disposition === before ? { harmless: 'the disposition the task already has' } : {}),
    }),
    // nothing of the fixture task is known to look for: the spec states no task read
    secrets: () => [],
    unchanged: async (c, { task, disposition, before, seen }, e, r) => {
      if (disposition === before) return;
      await throughUnstatedRecordRead(c, `/task/${task}`, 'the task kept its disposition', (after) => {
        seen.task = after;
        if (valueOf(after, 'disposition') === disposition)
          e.fail(`disposition not the one ${r.caller} sent`, `disposition ${show(disposition)}`);
      });
    },
    putBack: async (c, { task, disposition, before, seen }, answer) => {
      if (disposition === before) return;
      // the task as it is now: the read after the patch (or a task read now) where served, else the
      // answer to the refused patch
      const read = seen.task ?? answeredRecord(await c.api.get(`/task/${task}`));
      const shown = [read, answeredRecord(answer)].find((rec) => rec?.id === task);
      if (shown && valueOf(shown, 'disposition') === disposition) {
        await putBackTaskDisposition(c, task, before, disposition);
      }
    },
  }),
  'DELETE /task/{task_id}': refusedWrite({
    // an archive is for good and tasks have no create endpoint: only the task the user gave up for it
    writesTo: ['given up'],
    what: {
      readOnlyApiKey: 'archiving a task; its archived_at is unchanged',
      otherOrgApiKey: "archiving organization A's task; its archived_at is unchanged",
    },
    setUp: async (c) => {
      const task = await holdTaskToArchive(c);
      let before: { archived: unknown } | undefined;
      await throughUnstatedRecordRead(c, `/task/${task}`, "the task's archived_at before", (r) => {
        before = { archived: valueOf(r, 'archived_at') };
      });
      return { task, before };
    },
    request: ({ task }) => ({ method: 'DELETE', path: `/task/${task}` }),
    secrets: () => [],
    unchanged: async (c, { task, before }, e) => {
      // compared only when both reads gave a record: an unreadable read is no evidence either way
      if (before === undefined) return;
      const was = before.archived ?? null;
      await throughUnstatedRecordRead(c, `/task/${task}`, 'the task is not archived', (r) => {
        const after = valueOf(r, 'archived_at') ?? null;
        if (after !== was) e.fail(`archived_at unchanged (${show(was)})`, `archived_at ${show(after)}`);
      });
    },
  }),
  'PATCH /{custom_object_api_name}/{record_id}': refusedWrite({
    writesTo: ['own'],
    what: {
      readOnlyApiKey: 'a patch of a record; the record does not take its value',
      otherOrgApiKey: "patching organization A's custom-object record; it does not take the value",
    },
    // the run's record the checks only read (shared): the probe writes a free-text value of its own
    // and looks only for that one
    setUp: async (c, r) => {
      const co = customObject(c);
      return { co, target: await recordForProbes(c, co), attributes: ownedAttributes(c, co, r.label) };
    },
    request: ({ co, target, attributes }) => ({
      method: 'PATCH',
      path: `/${co.apiName}/${target.record.id}`,
      json: { attributes },
    }),
    secrets: ({ target }) => target.unique,
    unchanged: (c, { co, target, attributes }) => expectValueNotTaken(c, co, target, attributes),
  }),
  'DELETE /{custom_object_api_name}/{record_id}': refusedWrite({
    writesTo: ['own'],
    what: {
      readOnlyApiKey: 'archiving a record; the upsert still finds it',
      otherOrgApiKey: "archiving organization A's custom-object record; the upsert still finds it",
    },
    setUp: async (c) => {
      const co = customObject(c);
      return { co, kept: await recordToKeep(c, co) };
    },
    request: ({ co, kept }) => ({ method: 'DELETE', path: `/${co.apiName}/${kept.record.id}` }),
    secrets: ({ kept }) => customObjectSecrets(kept),
    unchanged: (c, { co, kept }) => expectRecordUnchanged(c, co, kept),
  }),
};

/**
 * The refused writes as one suite's checks (its caller, its refusal, its titles): one for every write
 * of the table whose path names a record, in the table's order (`table` and `writes`: a test passes a
 * copy with an operation added).
 */
export function refusedWriteChecks(
  refusal: Refusal,
  table: AnyTable = OPERATIONS,
  writes: Readonly<Record<string, AnyRefusedWrite | undefined>> = REFUSED_WRITES,
): CheckCase[] {
  return casesFor(table, isRecordWrite, writes, 'REFUSED_WRITES in suites/shared/refused-writes.ts').map(
    ({ endpoint, item: w }) => ({ endpoint, what: w.what[refusal.key], run: (c) => w.run(c, refusal) }),
  );
}
