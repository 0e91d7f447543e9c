import { isDeepStrictEqual } from 'node:util';
import { check, group } from '../lib/check/check.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Conformance } from '../lib/check/expect-conform.js';
import { show } from '../lib/check/show.js';
import { accountDomainToKeep, domainNames, domainPath } from './steps/account.js';
import { contactToRead, readContact } from './steps/contact.js';
import { contactOnSharedOpportunity, opportunityAccount } from './steps/opportunity.js';
import { expectNotLeaked, otherOrgAccount, otherOrgContact, otherOrgOpportunity } from './steps/other-organization.js';
import { TransportFailure, type Exchange } from '../lib/http/exchange.js';
import { answered } from './steps/match.js';
import {
  archiveAfter,
  customObject,
  expectRecordUnchanged,
  freshUpsertBody,
  upsert,
  expectValueNotTaken,
  linkedRecord,
  ownedAttributes,
  recordForProbes,
  recordToKeep,
  type CustomObjectFixture,
} from './steps/custom-object.js';
import { customObjectNamesIn, listsNoCustomObject, otherOrgCustomObjectIn } from './init/custom-objects.js';
import { isCustomObjectApiName } from './spec/identifiers.js';
import { answerOf } from '../lib/check/context.js';
import { otherLabels, phoneContact, phoneItemOf, putBackPhoneItem, type PhoneItem } from './steps/phone-item.js';
import { contactAccountIds, relationshipName } from './steps/relationship.js';
import { throughUnstatedPage, throughUnstatedRecordRead } from './steps/unstated-route.js';
import { answeredRecord, valueOf, type ApiRecord } from './spec/record.js';
import { OPERATIONS, type StatedEndpoint } from './spec/operations.js';
import type { CheckCase } from './shared/refused-writes.js';
import { subResourceKeyChecks, type SubResourceEndpoint } from './sweeps/sub-resource-keys.js';
import type { CaseOf } from './sweeps/read-only.js';
import { atOnce } from './steps/at-once.js';

// isolation.other-organization, beyond another organization's id in the path: "Every record is scoped
// to the caller's organization (`organization_id` attribute)." Organization B names, under a record of
// its own, organization A's sub-resource (a phone item, a domain, an edge's target), or names
// organization A's record in a related_record_match. For organization B these name nothing: organization
// A's sub-resource or record is unchanged, unlinked and unshown. What a server answers for a sub-resource
// its record does not hold is not stated: the status is observed, a 4xx judged for the error body.
// Organization B, not A, is the caller: organization A's records are the ones the user gave the suite
// (or the run made), so a server that wrongly takes a probe changes nothing the user did not give up.

const B = 'otherOrgApiKey';

/**
 * Organization B's answer naming organization A's sub-resource: a 4xx carries the error body; any
 * answer carries none of `secrets`; `shows` fails a 2xx that shows organization A's sub-resource.
 */
function judgeAnswer(c: CheckContext, e: Conformance, secrets: readonly unknown[], shows?: (body: unknown) => boolean) {
  const s = e.response.status;
  c.observe('sub-resource-of-another-organization', `${e.exchange.request.method} answered HTTP ${s}`);
  if (s >= 400 && s <= 499) e.rejected();
  if (s >= 200 && s <= 299 && shows?.(e.response.json))
    e.fail("no answer showing organization A's sub-resource", `HTTP ${s} showing it`);
  expectNotLeaked(e, secrets);
}

/**
 * Puts organization A's phone item back where the fixture contact's was wrongly changed (a cleanup). `seen.after`:
 * the check's read after organization B's write, where it made one (it holds the contact: nothing wrote since).
 */
function putBackAfter(
  c: CheckContext,
  contactId: string,
  item: PhoneItem,
  own: boolean,
  seen: { after?: ApiRecord } = {},
): void {
  c.cleanup(async () => {
    if (own) return;
    const after = seen.after ?? answeredRecord(await c.api.get(`/contact/${contactId}`));
    const now = after ? phoneItemOf(after, item.id) : undefined;
    if (after && !isDeepStrictEqual(now, item)) await putBackPhoneItem(c, contactId, item, now);
  });
}

/**
 * Every operation whose path holds a sub-resource key (suites/sweeps/sub-resource-keys.ts): organization
 * B's own record, organization A's key after it, and the read that shows organization A's unchanged.
 */
const SUB_RESOURCE_KEYS: { readonly [E in SubResourceEndpoint]: CaseOf } = {
  'PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}': {
    what: "organization B patches, under its own contact, organization A's phone item: the item is unchanged",
    run: async (c) => {
      // organization A's item: a contact of the check's own, else the fixture (held, put back if changed)
      const [theirs, mine] = await atOnce([otherOrgContact(c), phoneContact(c)]);
      const item = mine.other;
      const seen: { after?: ApiRecord } = {};
      putBackAfter(c, mine.contactId, item, mine.own, seen);
      const path = `/contact/${theirs.id}/attribute/contact_phone_numbers/${item.id}`;
      const e = c.expect(await c.api.patch(path, { labels: otherLabels(item.labels) }, { auth: B }));
      judgeAnswer(
        c,
        e,
        [item.phone_number],
        (b) => (b as { data?: { id?: unknown } } | undefined)?.data?.id === item.id,
      );
      seen.after = await readContact(c, mine.contactId);
      const after = phoneItemOf(seen.after, item.id);
      if (!isDeepStrictEqual(after, item))
        e.fail(`organization A's phone item unchanged (${show(item)})`, `phone item ${show(after)}`);
    },
  },
  'DELETE /account/{account_id}/attribute/domains/{domain_name}': {
    what: "organization B removes, from its own account, organization A's domain: organization A's account keeps it",
    run: async (c) => {
      // organization A's domain: one of an account of the check's own, else the fixture's given-up one
      const [theirs, mine] = await atOnce([otherOrgAccount(c), accountDomainToKeep(c)]);
      const e = c.expect(await c.api.delete(domainPath(theirs.id, mine.domain), { auth: B }));
      judgeAnswer(c, e, []);
      // no stated read shows an account: the unstated one where the server serves it, else observed
      await throughUnstatedRecordRead(c, `/account/${mine.accountId}`, 'the domain is still linked', (after) => {
        const names = domainNames(after);
        if (!names.includes(mine.domain.toLowerCase()))
          e.fail(`organization A's account still listing ${mine.domain}`, `domains ${show(names)}`);
      });
    },
  },
  'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}': {
    what: "organization B removes, from its own opportunity, the edge to organization A's contact: organization A's edge stays",
    run: async (c) => {
      const api = relationshipName(c, 'opportunityContacts');
      // organization A's edge: the run's opportunity to a contact of the check's own
      const [theirs, mine] = await atOnce([otherOrgOpportunity(c), contactOnSharedOpportunity(c, true)]);
      const path = `/opportunity/${theirs.opportunity.id}/relationship/${api}/${mine.contact.id}`;
      const e = c.expect(await c.api.delete(path, { auth: B }));
      judgeAnswer(c, e, [valueOf(mine.opportunity, 'display_name')]);
      await throughUnstatedPage(
        c,
        `/opportunity/${mine.opportunity.id}/relationship/${api}`,
        "organization A's opportunity-contact edge is still there",
        (ids) => {
          if (!ids.includes(mine.contact.id))
            e.fail(`the edge to contact ${mine.contact.id} still listed`, `items ${show(ids)}`);
        },
      );
    },
  },
};

/** A match naming a record by display_name: the upsert match's shape (related_record_match's is not shown). */
function matchOf(record: ApiRecord): { field: string; value: unknown } {
  return { field: 'display_name', value: valueOf(record, 'display_name') };
}

/** The related_record_id of a relationship POST's 2xx answer. */
const linkedId = (body: unknown) =>
  (body as { item?: { related_record_id?: unknown } } | undefined)?.item?.related_record_id;

type RelationshipPost = Extract<StatedEndpoint, `POST ${string}/relationship/{api_name}`>;

/**
 * Every relationship POST of the table ("exactly one of `related_record_id` or `related_record_match`"):
 * organization B's match naming organization A's record, or why the POST cannot show it.
 */
const MATCHES: { readonly [E in RelationshipPost]: CaseOf | { none: string } } = {
  'POST /contact/{contact_id}/relationship/{api_name}': {
    what: "organization B's related_record_match names organization A's account: no link",
    run: async (c) => {
      const api = relationshipName(c, 'contactAccounts');
      // organization A's account the opportunities are made on (shared): nothing reads its contacts
      const [theirs, control, mine] = await atOnce([otherOrgContact(c), otherOrgAccount(c), opportunityAccount(c)]);
      const path = `/contact/${theirs.id}/relationship/${api}`;
      // the match's shape is not shown: only where it links organization B's own account does it say anything
      const own = await c.api.post(path, { related_record_match: matchOf(control) }, { auth: B });
      const os = own.response?.status ?? 0;
      if (os < 200 || os > 299 || linkedId(own.response?.json) !== control.id)
        c.notApplicable(
          `organization B's related_record_match { field: "display_name" } naming its own account answered HTTP ${os} without linking it: the server's match shape (not shown) is another`,
          [own],
        );
      const e = c.expect(await c.api.post(path, { related_record_match: matchOf(mine) }, { auth: B }));
      if (linkedId(e.response.json) === mine.id)
        e.fail(`no link to organization A's account ${mine.id}`, `HTTP ${e.response.status} linking it`);
      // the match names no record organization B can see: "relationship target does not exist"
      if (e.response.status >= 400 && e.response.status <= 499)
        e.rejected().code('target_record_not_found', 'error.code.target-record-not-found');
      expectNotLeaked(e, [mine.id]);
      const linked = await contactAccountIds(c, theirs.id, B);
      if (linked.includes(mine.id))
        e.fail(
          `organization B's contact not linked to organization A's account ${mine.id}`,
          `its accounts read lists ${show(linked)}`,
        );
    },
  },
  // A match naming organization A's contact is refused whether or not the server finds it (that contact
  // is never on organization B's account): only the code tells the two apart. Where organization B's
  // match naming its own contact, off the opportunity's account, answered contact_account_association_required,
  // the server's match finds contacts by that name; the same answer for organization A's contact says it
  // found that one too, where "relationship target does not exist".
  'POST /opportunity/{opportunity_id}/relationship/{api_name}': {
    what: "organization B's related_record_match names organization A's contact: not found as a contact to link",
    run: async (c: CheckContext) => {
      const api = relationshipName(c, 'opportunityContacts');
      const [theirs, control, mine] = await atOnce([otherOrgOpportunity(c), otherOrgContact(c), contactToRead(c)]);
      const path = `/opportunity/${theirs.opportunity.id}/relationship/${api}`;
      const own = await c.api.post(path, { related_record_match: matchOf(control) }, { auth: B });
      if (codeOf(own) !== ASSOCIATION)
        c.notApplicable(
          `organization B's related_record_match { field: "display_name" } naming its own contact, not on the opportunity's account, answered ${answered(own)}, not ${ASSOCIATION}: the match was not shown to find contacts by that name`,
          [own],
        );
      const e = c.expect(await c.api.post(path, { related_record_match: matchOf(mine) }, { auth: B }));
      if (linkedId(e.response.json) === mine.id)
        e.fail(`no link to organization A's contact ${mine.id}`, `HTTP ${e.response.status} linking it`);
      if (codeOf(e.exchange) === ASSOCIATION)
        e.fail(
          `organization A's contact not found ("relationship target does not exist"), unlike organization B's own (${answered(own)})`,
          `${answered(e.exchange)}: found as a contact not on the opportunity's account`,
        );
      if (e.response.status >= 400 && e.response.status <= 499)
        e.rejected().code('target_record_not_found', 'error.code.target-record-not-found');
      // its names are the match's own value, which an answer may echo
      expectNotLeaked(e, [mine.id, valueOf(mine, 'primary_email')]);
    },
  },
};

const ASSOCIATION = 'contact_account_association_required';

/** The code of an error answer, if any. */
const codeOf = (ex: Exchange): unknown => (ex.response?.json as { code?: unknown } | undefined)?.code;

const matchChecks: CheckCase[] = Object.entries(MATCHES).flatMap(([endpoint, m]) =>
  'none' in m ? [] : [{ endpoint, ...m }],
);

/** The fixtures key naming organization B's own custom object. */
const OWN_TYPE_KEY = 'otherOrg.customObject.apiName';
const SUMMARY = 'GET /_organization_schema_summary';

/** Organization B's schema summary, read with its key once per run (whichever of the four checks comes first). */
async function summaryOfB(c: CheckContext): Promise<Exchange> {
  return c.shared("organization B's schema summary", (s) => s.api.get('/_organization_schema_summary', { auth: B }));
}

/** At most this many of the names organization B's summary lists enter the message of an unfit key. */
const LISTED_SHOWN = 5;

/** The names a summary lists, for a message: quoted and cut (server data), the first LISTED_SHOWN, the rest counted. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, LISTED_SHOWN).map((n) => show(n));
  return names.length > LISTED_SHOWN ? `${shown.join(', ')} and ${names.length - LISTED_SHOWN} more` : shown.join(', ');
}

/**
 * The user's api_name for organization B's own custom object (fixtures `otherOrg.customObject.apiName`),
 * held to the spec's `cus_obj__` form (the file's schema does, and again here, as it goes into paths)
 * and held against organization B's schema summary, the same read once per run: a mistyped name makes
 * organization B's requests show only that the type is unknown, and the four checks would pass having
 * tested nothing. Where the summary answers 2xx listing custom objects (any `cus_obj__` name, or an empty
 * list of them) but not this one, the key is unfit: the check skips naming it (the user's value is at
 * fault, not the server), with what the summary lists. Where it lists the name, answers an error or
 * nothing, or in a shape the suite does not read, the user's word is the only source: taken as given.
 */
async function givenType(c: CheckContext, given: string): Promise<string> {
  if (!isCustomObjectApiName(given))
    c.unfit(OWN_TYPE_KEY, 'it is no custom object api_name (`cus_obj__`, then letters, digits, `_` or `-`)');
  const answer = (await summaryOfB(c)).response;
  if (answer === undefined || answer.status < 200 || answer.status > 299) return given;
  const json = answer.json;
  const names = customObjectNamesIn(json);
  if (names.includes(given)) return given;
  const where = `organization B's schema summary (${SUMMARY} with its key)`;
  if (names.length > 0)
    c.unfit(OWN_TYPE_KEY, `${where} does not list it; it lists ${listed(names)}: name one of those`);
  if (listsNoCustomObject(json))
    c.unfit(
      OWN_TYPE_KEY,
      `${where} lists no custom object (an empty list of them): leave the key out where organization B's workspace has none`,
    );
  return given;
}

/**
 * Organization B's own custom object: the refused writes with organization B's key name organization
 * A's api_name, which organization B's workspace may lack (then they show only that the type is
 * unknown). Under organization B's own api_name, organization A's record id names nothing of
 * organization B's ("Every record is scoped to the caller's organization"), at every custom-object
 * operation whose path names a record: the patch and the archive are not taken, the relationship read
 * shows none of its edges. The api_name is the user's (givenType), else one organization B's schema
 * summary lists ("Available custom objects are discovered with `GET /_organization_schema_summary`";
 * its shape is not shown), read once per run. A summary that lists an empty list of custom objects
 * shows a workspace without one (a legal choice): not applicable, with it. Neither: the summary
 * answered an error or in a shape not read, and a person can name the type, so the check skips naming
 * the key.
 */
async function ownType(c: CheckContext, co: CustomObjectFixture): Promise<string> {
  const given = c.fixtures.otherOrg?.customObject?.apiName;
  if (given !== undefined) return givenType(c, given);
  const summary = await summaryOfB(c);
  // no answer at all blocks the check, as any step's
  if (summary.response === undefined) throw new TransportFailure(summary);
  const { status, json } = summary.response;
  const ok = status >= 200 && status <= 299;
  const own = ok ? otherOrgCustomObjectIn(json, co.apiName) : undefined;
  if (own !== undefined) return own;
  // a workspace may have no custom object: where the summary says so, none of B's own to name A's record under
  if (ok && listsNoCustomObject(json))
    c.notApplicable(
      "organization B's schema summary lists no custom object (an empty list of them): organization B's workspace has no type of its own to name organization A's record under",
      [summary],
    );
  const why = ok
    ? 'names no custom object api_name (cus_obj__…) in a form the suite reads (its shape is not shown)'
    : `answered ${answerOf(summary)}`;
  return c.skip(
    `organization B's schema summary (${SUMMARY} with its key) ${why}: name a custom object of organization B's workspace in \`${OWN_TYPE_KEY}\` to run this check`,
    { key: OWN_TYPE_KEY, kind: 'missing' },
  );
}

/** A check of organization A's record named under organization B's own custom object's api_name. */
function underOwnType(
  endpoint: StatedEndpoint,
  what: string,
  run: (c: CheckContext, co: CustomObjectFixture, own: string) => Promise<void>,
): CheckCase {
  return {
    endpoint,
    what,
    run: async (c) => {
      const co = customObject(c);
      await run(c, co, await ownType(c, co));
    },
  };
}

const OWN_TYPE: CheckCase[] = [
  underOwnType(
    'PATCH /{custom_object_api_name}/{record_id}',
    "organization B patches, under its own custom object's api_name, organization A's record: it does not take the value",
    async (c, co, own) => {
      const [target, attributes] = [await recordForProbes(c, co), ownedAttributes(c, co, 'Own type')];
      const e = c.expect(await c.api.patch(`/${own}/${target.record.id}`, { attributes }, { auth: B }));
      judgeAnswer(c, e, target.unique, (b) => dataId(b) === target.record.id);
      await expectValueNotTaken(c, co, target, attributes);
    },
  ),
  underOwnType(
    'DELETE /{custom_object_api_name}/{record_id}',
    "organization B archives, under its own custom object's api_name, organization A's record: the upsert still finds it",
    async (c, co, own) => {
      // a record of the check's own: a DELETE wrongly taken archives it, and no other check's
      const kept = await recordToKeep(c, co);
      const e = c.expect(await c.api.delete(`/${own}/${kept.record.id}`, { auth: B }));
      judgeAnswer(c, e, kept.unique, (b) => dataId(b) === kept.record.id);
      await expectRecordUnchanged(c, co, kept);
    },
  ),
  underOwnType(
    'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}',
    "organization B reads, under its own custom object's api_name, the relationships of organization A's record: none shown",
    async (c, _co, own) => {
      // the run's shared record with linked contacts: only read, and by organization B only
      const { rel, recordId, contactIds } = await linkedRecord(c);
      const e = c.expect(await c.api.get(`/${own}/${recordId}/relationship/${rel.read}`, { auth: B }));
      judgeAnswer(c, e, contactIds);
    },
  ),
  underOwnType(
    'POST /{custom_object_api_name}/_upsert',
    "organization B upserts, under its own custom object's api_name, organization A's match value: never organization A's record",
    async (c, co, own) => {
      // organization A's record the checks only read (shared): the probe looks only for its own value
      const [target, attributes] = [await recordForProbes(c, co), ownedAttributes(c, co, 'Own type')];
      const ex = await upsert(c, { ...co, apiName: own }, freshUpsertBody(c, co, target.value, attributes), B);
      const e = c.expect(ex);
      const id = dataId(e.response.json);
      // a record of organization B's own type (never organization A's, judged below), archived with its key
      if (e.response.status >= 200 && e.response.status <= 299 && typeof id === 'string' && id !== target.record.id)
        archiveAfter(c, { ...co, apiName: own }, id, B);
      judgeAnswer(
        c,
        e,
        target.unique.filter((v) => v !== target.value),
        (b) => dataId(b) === target.record.id,
      );
      await expectValueNotTaken(c, co, target, attributes);
    },
  ),
];

/** The `data.id` of an answer's body, if any. */
const dataId = (body: unknown): unknown => (body as { data?: { id?: unknown } } | undefined)?.data?.id;

group("Isolation › another organization's key on organization A's sub-resources and matches", () => {
  for (const item of [...subResourceKeyChecks(OPERATIONS, SUB_RESOURCE_KEYS), ...matchChecks, ...OWN_TYPE]) {
    check(
      'isolation.other-organization',
      `${item.endpoint}: ${item.what}`,
      async (c) => {
        c.needKey(B);
        await item.run(c);
      },
      { endpoint: item.endpoint },
    );
  }
});
