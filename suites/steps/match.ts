import type { CheckContext } from '../../lib/check/context.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { accountCreateBody } from '../../fixtures/builders/account.js';
import { contactCreateBody } from '../../fixtures/builders/contact.js';
import { answeredRecord, valueOf, type ApiRecord } from '../spec/record.js';
import { contactForProbes, contactStage, requiredCreateAttributes } from './contact.js';
import {
  archiveIfCreated,
  customObject,
  customObjectPatched,
  freshUpsertBody,
  upsert,
  upsertRecord,
} from './custom-object.js';
import { contactOnSharedOpportunity } from './opportunity.js';
import { sameTypedValue } from './same-value.js';
import { setupRecord } from './record.js';
import { linkContactToAccount, relationshipName } from './relationship.js';
import { requiredOnCreate } from './required-on-create.js';

// The matches the spec states: a relationship POST's `related_record_match` (its shape not shown: the
// upsert's { field, value } is sent, naming a record of this run by its display_name) and the upsert's
// `match`. Each answer here is sent once per run and judged by every rule it touches.

/**
 * A match that names the given record by display_name (related_record_match's shape is not shown; this is the upsert
 * match's).
 */
export function matchOf(record: ApiRecord): { field: string; value: unknown } {
  return { field: 'display_name', value: valueOf(record, 'display_name') };
}

/** `HTTP 409 (ambiguous_match)`: an answer's status and code, for observations. */
export function answered(ex: Exchange): string {
  const code = (ex.response?.json as { code?: unknown } | undefined)?.code;
  return `HTTP ${ex.response?.status ?? '?'}${typeof code === 'string' ? ` (${code})` : ''}`;
}

/** A relationship POST with a match alone, the record it names, and its parent. */
export interface MatchAlone {
  parentId: string;
  target: ApiRecord;
  ex: Exchange;
}

/** Whether a match alone linked the one record it names under its parent: the precondition of ambiguous_match. */
export function linkedTheOneNamed(alone: MatchAlone): boolean {
  const r = alone.ex.response;
  if (!r || r.status < 200 || r.status > 299) return false;
  const b = r.json as { parent?: { id?: unknown }; item?: { related_record_id?: unknown } } | undefined;
  return b?.item?.related_record_id === alone.target.id && b.parent?.id === alone.parentId;
}

const accountBody = (c: CheckContext) =>
  accountCreateBody(c.faker, { runId: c.runId, required: requiredOnCreate(c, 'account') });

/** The run's contact POST with related_record_match alone, naming an account of its own. */
export function matchAlone(c: CheckContext): Promise<MatchAlone & { contactId: string; account: ApiRecord }> {
  return c.shared('relationships: a related_record_match alone naming one account', async (s) => {
    const apiName = relationshipName(s, 'contactAccounts');
    const contact = await contactForProbes(s);
    const account = setupRecord(s, await s.api.post('/account', accountBody(s)), 'POST /account');
    const ex = await s.api.post(`/contact/${contact.id}/relationship/${apiName}`, {
      related_record_match: matchOf(account),
    });
    return { parentId: contact.id, contactId: contact.id, target: account, account, ex };
  });
}

/**
 * Two accounts of one display_name (the second refused where the server holds names unique, which
 * nothing states against) and the contact POST whose match names both.
 */
export function matchNamingTwo(c: CheckContext): Promise<{ twin: Exchange; ex: Exchange }> {
  return c.shared('relationships: a related_record_match naming two accounts', async (s) => {
    const apiName = relationshipName(s, 'contactAccounts');
    const contact = await contactForProbes(s);
    const first = setupRecord(s, await s.api.post('/account', accountBody(s)), 'POST /account');
    const body = accountBody(s);
    const twin = await s.api.post('/account', {
      attributes: { ...body.attributes, display_name: valueOf(first, 'display_name') },
    });
    const ex = await s.api.post(`/contact/${contact.id}/relationship/${apiName}`, {
      related_record_match: matchOf(first),
    });
    return { twin, ex };
  });
}

/**
 * The run's opportunity POST with related_record_match alone naming a contact of its own on the
 * opportunity's account (so the spec allows the link), then, once that match linked the one contact
 * it names, a second contact of the same first and last name on that account (`twin`; display_name
 * is derived from them) and the POST whose match names both (`ex`). Where the match alone linked
 * nothing, nothing more is sent: no match would be shown to find contacts by that name.
 */
export function opportunityMatches(
  c: CheckContext,
): Promise<{ alone: MatchAlone; two?: { twin: Exchange; twinRecord?: ApiRecord; ex?: Exchange } }> {
  return c.shared('opportunities: a related_record_match naming one contact, then two', async (s) => {
    const apiName = relationshipName(s, 'opportunityContacts');
    const { contact, account, opportunity } = await contactOnSharedOpportunity(s, false);
    const path = `/opportunity/${opportunity.id}/relationship/${apiName}`;
    const alone = {
      parentId: opportunity.id,
      target: contact,
      ex: await s.api.post(path, { related_record_match: matchOf(contact) }),
    };
    if (!linkedTheOneNamed(alone)) return { alone };
    const names = { first_name: valueOf(contact, 'first_name'), last_name: valueOf(contact, 'last_name') };
    const body = contactCreateBody(s.faker, {
      stage: contactStage(s),
      runId: s.runId,
      required: requiredCreateAttributes(s),
      attributes: names as { first_name: string; last_name: string },
    });
    const twin = await s.api.post('/contact', body);
    const twinRecord = answeredRecord(twin);
    const ts = twin.response?.status ?? 0;
    if (ts < 200 || ts > 299 || twinRecord === undefined) return { alone, two: { twin } };
    await linkContactToAccount(s, twinRecord.id, account.id);
    const ex = await s.api.post(path, { related_record_match: matchOf(contact) });
    return { alone, two: { twin, twinRecord, ex } };
  });
}

/**
 * The upsert whose match value two records hold: customObjectPatched's record (whose match value alone
 * was upserted again, `shown`: the answer shows whether the match found that record), a second record
 * of its own (`patch`: a patch giving it the first's match value, which a server may refuse), and,
 * once the patch was taken and its answer shows that value, the upsert of that value alone (`ex`).
 */
export function upsertMatches(c: CheckContext): Promise<{
  first: ApiRecord;
  shown: Exchange;
  patch: Exchange;
  ex?: Exchange;
}> {
  const co = customObject(c);
  return c.shared('custom objects: an upsert whose match value two records hold', async (s) => {
    const { before: first, readBack: shown, value } = await customObjectPatched(s);
    const { record: second } = await upsertRecord(s, co);
    const patch = await s.api.patch(`/${co.apiName}/${second.id}`, { attributes: { [co.matchField]: value } });
    const patched = answeredRecord(patch);
    const ps = patch.response?.status ?? 0;
    if (ps < 200 || ps > 299 || !sameTypedValue(value, patched?.attributes[co.matchField]))
      return { first, shown, patch };
    const ex = await upsert(s, co, freshUpsertBody(s, co, value, {}));
    archiveIfCreated(s, co, ex);
    return { first, shown, patch, ex };
  });
}
