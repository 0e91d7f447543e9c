import type { CheckContext } from '../check/context.js';
import { SetupFailure } from '../check/non-conformance.js';
import type { Exchange } from '../http/exchange.js';
import { accountCreateBody, domainsWriteForms, uniqueDomain } from '../../fixtures/account.js';
import { itemsOf, recordOf, type ApiRecord } from './record.js';

/** Archives the account after the check (DELETE is the spec's archive); a failed archive is only an observation. */
export function archiveAfter(c: CheckContext, accountId: string): void {
  c.cleanup(() => c.api.delete(`/account/${accountId}`));
}

/** Creates an account this check owns (archived afterwards); a failed create blocks the check. */
export async function createAccount(c: CheckContext, attributes: Record<string, unknown> = {}): Promise<ApiRecord> {
  const ex = await c.api.post('/account', accountCreateBody(c.faker, { runId: c.runId, attributes }));
  c.setup(ex, 'POST /account');
  const record = recordOf(ex.response?.json);
  if (!record) throw new SetupFailure('blocked: POST /account answered 2xx without { data: record }; see account.create checks', ex);
  archiveAfter(c, record.id);
  return record;
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

export interface DomainAccount {
  id: string;
  /** the only primary domain of the account */
  primaryDomain: string;
  /** a non-primary domain */
  otherDomain: string;
  source: 'created' | 'fixture';
}

/**
 * An account with exactly one primary domain and one other domain.
 *
 * The spec states the domain DELETE but no domains write form, so this first tries to create an
 * account of the check's own with two fresh domains (each form of fixtures/account.ts in turn, at
 * most three creates) and keeps it if the response shows both domains with exactly one primary.
 * Only when no form works does it fall back to the fixture `accountWithDomains` (skipping the check
 * when it is not given). NOTE: a check using the fixture acts on a shared record; account.domain.delete
 * removes the fixture's `otherDomain`, so the fixture must be re-seeded before that check can pass again.
 */
export async function accountWithDomains(c: CheckContext): Promise<DomainAccount> {
  const primary = uniqueDomain(c.faker);
  const other = uniqueDomain(c.faker);
  const tried: string[] = [];
  for (const { form, domains } of domainsWriteForms(primary, other)) {
    const ex = await c.api.post('/account', accountCreateBody(c.faker, { runId: c.runId, attributes: { domains } }));
    const record = recordOf(ex.response?.json);
    const status = ex.response?.status;
    if (record && status !== undefined && status >= 200 && status <= 299) archiveAfter(c, record.id);
    const found = record && status !== undefined && status >= 200 && status <= 299 ? withOnePrimary(record, primary, other) : undefined;
    if (record && found) {
      c.observe('account-domains-write', `POST /account took domains written as ${form}`);
      return { id: record.id, ...found, source: 'created' };
    }
    tried.push(`${form}: ${describe(ex, record)}`);
  }
  c.observe('account-domains-write', `no domains write form made an account with one primary and one other domain (${tried.join('; ')}); using the fixture accountWithDomains`);
  const f = c.need(c.fixtures.accountWithDomains, 'accountWithDomains');
  return {
    id: c.need(f.id, 'accountWithDomains.id'),
    primaryDomain: c.need(f.primaryDomain, 'accountWithDomains.primaryDomain'),
    otherDomain: c.need(f.otherDomain, 'accountWithDomains.otherDomain'),
    source: 'fixture',
  };
}

/** Both domains present, exactly one of them primary and no other primary on the account. */
function withOnePrimary(record: ApiRecord, a: string, b: string): { primaryDomain: string; otherDomain: string } | undefined {
  const domains = domainsOf(record);
  const find = (name: string) => domains.find((d) => d.domain_name.toLowerCase() === name.toLowerCase());
  const [da, db] = [find(a), find(b)];
  if (!da || !db) return undefined;
  const primaries = domains.filter((d) => d.is_primary === true);
  if (primaries.length !== 1) return undefined;
  if (primaries[0] === da && db.is_primary === false) return { primaryDomain: da.domain_name, otherDomain: db.domain_name };
  if (primaries[0] === db && da.is_primary === false) return { primaryDomain: db.domain_name, otherDomain: da.domain_name };
  return undefined;
}

function describe(ex: Exchange, record: ApiRecord | undefined): string {
  const status = ex.response?.status ?? ex.transportError ?? 'no response';
  if (!record) return `HTTP ${status}`;
  return `HTTP ${status}, domains ${JSON.stringify(domainsOf(record))}`;
}

/** The path of one domain of an account. */
export function domainPath(accountId: string, domain: string): string {
  return `/account/${accountId}/attribute/domains/${encodeURIComponent(domain)}`;
}
