import type { CheckContext } from '../../lib/check/context.js';
import { archiveCleanup } from '../../lib/check/cleanups.js';
import { requiredOnCreate } from './required-on-create.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { accountCreateBody, domainsWriteForms } from '../../fixtures/builders/account.js';
import { uniqueDomain } from '../../fixtures/builders/unique.js';
import { archivableId, setupRecord, type OrgKey } from './record.js';
import { itemsOf, recordOf, type ApiRecord, answeredRecord } from '../spec/record.js';
import { show } from '../../lib/check/show.js';
import { holdRecord } from '../../lib/runner/record-lock.js';

/**
 * Archives the account after the check (DELETE is the spec's archive), with the key that made it; a failed archive is
 * only an observation.
 */
export function archiveAfter(c: CheckContext, accountId: string, auth: OrgKey = 'apiKey'): void {
  if (!archivableId(c, accountId)) return;
  c.cleanup(archiveCleanup(() => c.api.delete(`/account/${accountId}`, { auth })));
}

/**
 * Creates an account this check owns (archived afterwards); a failed create blocks the check.
 * `auth: 'otherOrgApiKey'` makes it an account of organization B.
 */
export async function createAccount(
  c: CheckContext,
  o: { attributes?: Record<string, unknown>; auth?: OrgKey } = {},
): Promise<ApiRecord> {
  const auth = o.auth ?? 'apiKey';
  const ex = await c.api.post(
    '/account',
    accountCreateBody(c.faker, {
      runId: c.runId,
      required: requiredOnCreate(c, 'account', auth),
      attributes: o.attributes ?? {},
    }),
    { auth },
  );
  const record = setupRecord(c, ex, 'POST /account');
  archiveAfter(c, record.id, auth);
  return record;
}

/**
 * An account of its own, archived: the DELETE's answer, sent once per run (a run-scoped set-up,
 * lib/runner/run-setups.ts) and judged by the archive's check (account.delete.archives, which reads the
 * account afterwards) and the DELETE status check (http.delete-success-status). Whatever the answer:
 * the account is in the set-up's ledger, archived at the end if the DELETE did not.
 */
export function accountArchived(c: CheckContext): Promise<{ account: ApiRecord; ex: Exchange }> {
  return c.shared('accounts: an account archived', async (s) => {
    // no archive of its own after the check: the DELETE under test is the archive
    const account = setupRecord(
      s,
      await s.api.post(
        '/account',
        accountCreateBody(s.faker, { runId: s.runId, required: requiredOnCreate(s, 'account') }),
      ),
      'POST /account',
    );
    return { account, ex: await s.api.delete(`/account/${account.id}`) };
  });
}

/** The account_domain items of an account record, as `{ domain_name, is_primary }`. */
export function domainsOf(record: ApiRecord): Array<{ domain_name: string; is_primary: unknown }> {
  const out: Array<{ domain_name: string; is_primary: unknown }> = [];
  for (const item of itemsOf(record, 'domains')) {
    const v = item.value as { domain_name?: unknown; is_primary?: unknown } | null | undefined;
    if (v && typeof v.domain_name === 'string') out.push({ domain_name: v.domain_name, is_primary: v.is_primary });
  }
  return out;
}

/** The domain names an account shows, lower-cased (domain names compare case-insensitively). */
export function domainNames(record: ApiRecord): string[] {
  return domainsOf(record).map((d) => d.domain_name.toLowerCase());
}

export interface DomainAccount {
  id: string;
  /** the only primary domain of the account */
  primaryDomain: string;
  /** a non-primary domain */
  otherDomain: string;
  source: 'created' | 'fixture' | 'given up';
}

/**
 * An account with exactly one primary domain and one other domain.
 *
 * The spec states the domain DELETE but no domains write form, so this first tries to create an
 * account of the check's own (see `ownAccountWithDomains`). Only when no form works does it fall
 * back to the fixture `accountWithDomains` (skipping the check when it is not given), held until the
 * check ends, once `beforeFixture` settled. account.domain.delete removes the fixture's `otherDomain`
 * for good: once an earlier run has removed it, that check is skipped, saying so, never failed.
 */
export async function accountWithDomains(
  c: CheckContext,
  o: { beforeFixture?: Promise<unknown> | undefined } = {},
): Promise<DomainAccount> {
  const own = await ownAccountWithDomains(c);
  if (own) return own;
  // (a check that may spend the fixture's domain takes it only once every other check has ended)
  await o.beforeFixture;
  const f = c.need(c.fixtures.accountWithDomains, 'accountWithDomains');
  // the fixture account is shared: the checks that change its domains take turns
  await holdRecord(c, `account:${c.need(f.id, 'accountWithDomains.id')}`);
  return {
    id: c.need(f.id, 'accountWithDomains.id'),
    primaryDomain: c.need(f.primaryDomain, 'accountWithDomains.primaryDomain'),
    otherDomain: fixtureOtherDomain(c, c.need(f.otherDomain, 'accountWithDomains.otherDomain')),
    source: 'fixture',
  };
}

/**
 * An account whose primary domain a check may try to remove (the cannot_remove_last_primary checks):
 * one of the check's own (`ownAccountWithDomains`); where the server takes no domains on account create,
 * the fixture `accountToGiveUp`, whose every domain the user gave up (skipping the check, naming that
 * key, when it is not given), held until the check ends. Never `accountWithDomains`, whose primary
 * domain is the user's.
 */
export async function accountToRisk(c: CheckContext): Promise<DomainAccount> {
  const own = await ownAccountWithDomains(c);
  if (own) return own;
  const key =
    'accountToGiveUp (an account whose every domain may be lost: the server takes no domains on account create)';
  const f = c.need(c.fixtures.accountToGiveUp, key);
  const id = c.need(f.id, 'accountToGiveUp.id');
  await holdRecord(c, `account:${id}`);
  const others = f.otherDomain === undefined ? [] : Array.isArray(f.otherDomain) ? f.otherDomain : [f.otherDomain];
  return {
    id,
    primaryDomain: c.need(f.primaryDomain, 'accountToGiveUp.primaryDomain'),
    otherDomain: c.need(others[0], 'accountToGiveUp.otherDomain (a domain of the account besides the primary one)'),
    source: 'given up',
  };
}

/** The only primary domain of an account and another of its domains, when it shows exactly that. */
export function withOnePrimaryOf(record: ApiRecord): { primaryDomain: string; otherDomain: string } | undefined {
  const domains = domainsOf(record);
  const primaries = domains.filter((d) => d.is_primary === true);
  const other = domains.find((d) => d.is_primary !== true);
  return primaries.length === 1 && other
    ? { primaryDomain: primaries[0]!.domain_name, otherDomain: other.domain_name }
    : undefined;
}

/**
 * The `otherDomain` the user gave up that this check may remove (one per complete run): the first of
 * the list an earlier run has not removed, as the fixtures check found it; with the account as the
 * check reads it now, the first it still shows (an earlier check of this run may have removed one).
 */
function fixtureOtherDomain(c: CheckContext, given: string | string[], now?: ApiRecord): string {
  const list = Array.isArray(given) ? given : [given];
  const pick = c.target.preflight?.givenUp?.otherDomain;
  const from = pick?.value !== undefined ? list.indexOf(pick.value) : 0;
  const rest = list.slice(Math.max(0, from));
  if (now === undefined) return rest[0] ?? list[0]!;
  const present = domainNames(now);
  return rest.find((d) => present.includes(d.toLowerCase())) ?? rest[0] ?? list[0]!;
}

/**
 * An account and one of its domains, for a check whose DELETE of that domain must be refused (the
 * read-only key, another organization) and which then looks for the domain. Should the server
 * wrongly take the DELETE, the domain is lost, so it is one the user may lose: the other domain of
 * an account of the check's own; failing that, the fixture's `otherDomain`, which the user gave up
 * (fixtures/kept-records.ts), held like account.domain.delete holds it. Never the fixture's
 * primary domain. Where an account read shows `otherDomain` already gone, the check skips.
 */
export async function accountDomainToKeep(
  c: CheckContext,
): Promise<{ accountId: string; domain: string; source: DomainAccount['source'] }> {
  const own = await ownAccountWithDomains(c);
  if (own) return { accountId: own.id, domain: own.otherDomain, source: 'created' };
  const f = c.fixtures.accountWithDomains;
  const accountId = c.need(f?.id, 'accountWithDomains.id');
  const key = 'accountWithDomains.otherDomain (the domain a refused removal may cost; never the primary)';
  const given = c.need(f?.otherDomain, key);
  await holdRecord(c, `account:${accountId}`);
  const record = answeredRecord(await c.api.get(`/account/${accountId}`));
  const shown = record?.id === accountId ? record : undefined;
  const domain = fixtureOtherDomain(c, given, shown);
  if (shown && !domainNames(shown).includes(domain.toLowerCase())) {
    c.unfit(
      'accountWithDomains.otherDomain',
      `no domain it lists is still on the account (account.domain.delete removes one for good per complete run): add a domain the account still has`,
    );
  }
  return { accountId, domain, source: 'fixture' };
}

/**
 * Creates an account of the check's own with two fresh domains, and keeps it when its response shows
 * both domains with exactly one primary: written in the first domains write form of
 * fixtures/builders/account.ts, else in the later form the server takes, which a run-scoped set-up
 * learns once (`laterDomainsForm`) instead of every check trying each in turn, a round trip apiece
 * before it can start (at most three creates either way). Every account made is archived after the
 * check. Undefined (and an observation naming every form tried) when no form works.
 */
async function ownAccountWithDomains(c: CheckContext): Promise<DomainAccount | undefined> {
  const primary = uniqueDomain(c.faker, c.runId);
  const other = uniqueDomain(c.faker, c.runId);
  const [first, ...later] = domainsWriteForms(primary, other);
  const tried: string[] = [];
  const made = await createWithDomains(c, first!, { primary, other }, tried);
  if (made) return made;
  const learnt = await c.shared('accounts: the domains write form an account create takes, past the first', (s) =>
    laterDomainsForm(s),
  );
  tried.push(...learnt.tried);
  const form = later.find((f) => f.form === learnt.form);
  const again = form ? await createWithDomains(c, form, { primary, other }, tried) : undefined;
  if (again) return again;
  c.observe(
    'account-domains-write',
    `no domains write form made an account with one primary and one other domain (${tried.join('; ')}); using the fixture accountWithDomains`,
  );
  return undefined;
}

/** The first domains write form past the first that makes an account as `ownAccountWithDomains` wants one. */
async function laterDomainsForm(s: CheckContext): Promise<{ form?: string; tried: string[] }> {
  const names = { primary: uniqueDomain(s.faker, s.runId), other: uniqueDomain(s.faker, s.runId) };
  const tried: string[] = [];
  for (const f of domainsWriteForms(names.primary, names.other).slice(1))
    if (await createWithDomains(s, f, names, tried)) return { form: f.form, tried };
  return { tried };
}

/** One account create with `domains` in one write form; the account when it shows both, one primary. */
async function createWithDomains(
  c: CheckContext,
  { form, domains }: { form: string; domains: unknown[] },
  { primary, other }: { primary: string; other: string },
  tried: string[],
): Promise<DomainAccount | undefined> {
  const ex = await c.api.post(
    '/account',
    accountCreateBody(c.faker, { runId: c.runId, required: requiredOnCreate(c, 'account'), attributes: { domains } }),
  );
  const record = recordOf(ex.response?.json);
  const status = ex.response?.status;
  const created = record !== undefined && status !== undefined && status >= 200 && status <= 299;
  if (record && created) archiveAfter(c, record.id);
  const found = record && created ? withOnePrimary(record, primary, other) : undefined;
  if (record && found) {
    setupRecord(c, ex, 'POST /account');
    c.observe('account-domains-write', `POST /account took domains written as ${form}`);
    return { id: record.id, ...found, source: 'created' };
  }
  tried.push(`${form}: ${describe(ex, record)}`);
  return undefined;
}

/** Both domains present, exactly one of them primary and no other primary on the account. */
function withOnePrimary(
  record: ApiRecord,
  a: string,
  b: string,
): { primaryDomain: string; otherDomain: string } | undefined {
  const domains = domainsOf(record);
  const find = (name: string) => domains.find((d) => d.domain_name.toLowerCase() === name.toLowerCase());
  const [da, db] = [find(a), find(b)];
  if (!da || !db) return undefined;
  const primaries = domains.filter((d) => d.is_primary === true);
  if (primaries.length !== 1) return undefined;
  if (primaries[0] === da && db.is_primary === false)
    return { primaryDomain: da.domain_name, otherDomain: db.domain_name };
  if (primaries[0] === db && da.is_primary === false)
    return { primaryDomain: db.domain_name, otherDomain: da.domain_name };
  return undefined;
}

function describe(ex: Exchange, record: ApiRecord | undefined): string {
  const status = ex.response?.status ?? ex.transportError ?? 'no response';
  if (!record) return `HTTP ${status}`;
  return `HTTP ${status}, domains ${show(domainsOf(record))}`;
}

/** The path of one domain of an account. */
export function domainPath(accountId: string, domain: string): string {
  return `/account/${accountId}/attribute/domains/${encodeURIComponent(domain)}`;
}
