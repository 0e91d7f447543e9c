import { otherDomains } from '../fixtures/fixtures-file.js';
import { spendGivenUp } from './steps/task.js';
import { check, endpoint } from '../lib/check/check.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Exchange } from '../lib/http/exchange.js';
import {
  accountArchived,
  accountToRisk,
  accountWithDomains,
  domainPath,
  domainsOf,
  withOnePrimaryOf,
  type DomainAccount,
} from './steps/account.js';
import { opportunityAccountCreated } from './steps/opportunity.js';
import { recordOf, valueOf } from './spec/record.js';
import { show } from '../lib/check/show.js';
import { throughArchivedRecordRead, throughUnstatedRecordRead } from './steps/unstated-route.js';

/** Success statuses and DELETE bodies are not shown: record what this server chose. */
function observeDelete(c: CheckContext, what: string, ex: Exchange): void {
  const r = ex.response;
  if (!r) return;
  c.observe(
    'delete-response',
    `${what} answered HTTP ${r.status} with ${r.text.length === 0 ? 'no body' : `a body (${r.json === undefined ? 'not JSON' : 'JSON'})`}`,
  );
}

endpoint('POST /account', () => {
  check(
    'account.create.record',
    'a create with display_name answers 2xx and { data: account record } holding it',
    async (c) => {
      // the run's create of the account its opportunities are made on (sent once), judged by both checks
      const { ex, body } = await opportunityAccountCreated(c);
      const e = c.expect(ex).success().record('account');
      const r = e.data();
      if (r.record_type !== 'account')
        e.fail('record_type "account"', `record_type ${show(r.record_type)}`, 'record.record-type');
      if (valueOf(r, 'display_name') !== body.attributes['display_name']) {
        e.fail(
          `display_name ${show(body.attributes['display_name'])}`,
          `display_name ${show(r.attributes['display_name'])}`,
        );
      }
    },
  );

  check(
    'record.account.attributes',
    "the created account is { data: account record } with the spec's value types",
    async (c) => {
      c.expect((await opportunityAccountCreated(c)).ex)
        .success()
        .record('account');
    },
  );
});

endpoint('DELETE /account/{account_id}', () => {
  // the run's archive of an account (sent once), whose status http.delete-success-status judges too
  check('account.delete.archives', 'DELETE answers 2xx and the account is archived (archived_at set)', async (c) => {
    const { account, ex } = await accountArchived(c);
    c.expect(ex).success();
    observeDelete(c, 'DELETE /account/{account_id}', ex);
    await throughArchivedRecordRead(c, `/account/${account.id}`, "the archived account's archived_at", (r, e) => {
      const archivedAt = valueOf(r, 'archived_at');
      if (archivedAt === null || archivedAt === undefined)
        e.fail('archived_at non-null after DELETE', `archived_at ${show(r.attributes['archived_at'])}`);
    });
  });

  check(
    'account.domain.last-primary-of-several',
    'deleting the only primary domain while another domain remains is refused, not answered by promoting the other',
    async (c) => {
      // an account of the check's own, or one whose every domain the user gave up: never a kept primary domain
      const { account, first } = await primaryRemoval(c, await accountToRisk(c));
      const promoted = await promotedAnother(c, first, account);
      if (promoted) {
        c.expect(first).fail(
          'the only primary domain refused with cannot_remove_last_primary while other domains remain',
          `HTTP ${first.response?.status ?? '?'}, and ${show(promoted)} was made primary in its place`,
        );
      }
    },
  );
});

endpoint('DELETE /account/{account_id}/attribute/domains/{domain_name}', () => {
  check(
    'account.domain.delete',
    'deleting a non-primary domain answers 2xx and removes it',
    async (c) => {
      // May fall back to the fixture accountWithDomains, whose otherDomain this check then removes for
      // good: once every other check has ended (one of its own it removes as soon as it starts)
      const account = await accountWithDomains(c, { beforeFixture: c.target.lastChecks?.othersEnded });
      let present: boolean | undefined;
      if (account.source === 'fixture') {
        await throughUnstatedRecordRead(
          c,
          `/account/${account.id}`,
          'whether the fixture account still has its otherDomain',
          (r) => {
            const names = domainsOf(r).map((d) => d.domain_name.toLowerCase());
            // a domain this run's refused DELETEs removed (a server that wrongly took one: their checks
            // found it) is passed over for the next of the list the account still shows
            const list = otherDomains(c.fixtures);
            const from = Math.max(0, list.indexOf(account.otherDomain));
            const next = list.slice(from).find((d) => names.includes(d.toLowerCase()));
            if (next !== undefined) account.otherDomain = next;
            present = names.includes(account.otherDomain.toLowerCase());
          },
        );
        if (present === false)
          c.skip(
            `accountWithDomains.otherDomain ${show(account.otherDomain)} is no longer on the account (an earlier run removes it): name a domain it still has`,
          );
      }
      if (account.source === 'fixture') await spendGivenUp(c, 'accountWithDomains.otherDomain');
      const first = await c.api.delete(domainPath(account.id, account.otherDomain));
      const status = first.response?.status;
      // without an account read, a 404 cannot be told from a domain an earlier run removed
      if (account.source === 'fixture' && present === undefined && (status === 404 || status === 410)) {
        c.skip(
          `DELETE of accountWithDomains.otherDomain ${show(account.otherDomain)} answered HTTP ${status}: an earlier run may have removed it (the server serves no account read to tell): name a domain the account still has`,
        );
      }
      c.expect(first).success();
      observeDelete(c, 'DELETE /account/{account_id}/attribute/domains/{domain_name}', first);
      // What a repeated DELETE answers (404, or an idempotent 2xx) is not stated: recorded, not asserted.
      observeDelete(
        c,
        'a second DELETE of the removed domain',
        await c.api.delete(domainPath(account.id, account.otherDomain)),
      );
      c.observe(
        'no-stated-read',
        'no stated route reads an account: the removal is judged only where the server serves the unstated GET /account/{account_id}',
      );
      await throughUnstatedRecordRead(
        c,
        `/account/${account.id}`,
        "the account's domains after the removal",
        (r, e) => {
          const names = domainsOf(r).map((d) => d.domain_name.toLowerCase());
          if (names.includes(account.otherDomain.toLowerCase()))
            e.fail(`domains without ${show(account.otherDomain)}`, `domains ${show(names)}`);
          if (!names.includes(account.primaryDomain.toLowerCase()))
            e.fail(`domains still holding the untouched ${show(account.primaryDomain)}`, `domains ${show(names)}`);
        },
      );
    },
    // it may remove a domain the user gave up for good: after every check that needs one to exist
    { spendsGivenUp: true },
  );

  check(
    'account.domain.last-primary',
    'deleting the only primary domain is rejected as cannot_remove_last_primary, and the domain stays',
    async (c) => {
      // a server that wrongly took this DELETE would remove the primary domain: never one the user keeps
      const { account, first } = await primaryRemoval(c, await accountToRisk(c));
      // another domain made primary in its place: allowed by the default reading, judged by the strict check below
      const promoted = await promotedAnother(c, first, account);
      if (promoted) {
        c.observe('last-primary', `removing the primary domain made ${show(promoted)} primary in its place`);
        return;
      }
      c.expect(first).rejected().code('cannot_remove_last_primary');
      // Had the first DELETE removed it anyway, a second one would find nothing (another code, or 2xx).
      const again = await c.api.delete(domainPath(account.id, account.primaryDomain));
      c.expect(again).rejected().code('cannot_remove_last_primary');
      await throughUnstatedRecordRead(
        c,
        `/account/${account.id}`,
        'the primary domain after the refused removal',
        (r, e) => {
          const kept = domainsOf(r).find((d) => d.domain_name.toLowerCase() === account.primaryDomain.toLowerCase());
          if (!kept || kept.is_primary !== true)
            e.fail(`${show(account.primaryDomain)} still on the account, primary`, `domains ${show(domainsOf(r))}`);
        },
      );
    },
  );
});

/**
 * The DELETE of the account's primary domain while another remains: on an account of the check's own,
 * its own; on the account the user gave up, the run's one such DELETE, which both last-primary checks
 * judge (a server may legally take it, promoting the other, and leave nothing to try again).
 */
async function primaryRemoval(
  c: CheckContext,
  account: DomainAccount,
): Promise<{ account: DomainAccount; first: Exchange }> {
  if (account.source !== 'given up')
    return { account, first: await c.api.delete(domainPath(account.id, account.primaryDomain)) };
  return c.shared(`the DELETE of accountToGiveUp's primary domain`, async (s) => {
    // an earlier run's removal the server took (legally, promoting another) leaves another primary: read it
    const now = recordOf((await s.api.get(`/account/${account.id}`)).response?.json);
    const shown = now?.id === account.id ? withOnePrimaryOf(now) : undefined;
    if (now?.id === account.id && !shown)
      s.unfit('accountToGiveUp', 'the account now shows no primary domain with another domain beside it: add one');
    const risked = { ...account, ...shown };
    return { account: risked, first: await s.api.delete(domainPath(risked.id, risked.primaryDomain)) };
  });
}

/**
 * The domain made primary when a removal of the primary one succeeded while another domain was left:
 * "the last primary item" read as the last item that could be primary. That is one reading of two,
 * so only the strict rule's check fails it; a removal that leaves no primary breaks both readings.
 */
async function promotedAnother(c: CheckContext, ex: Exchange, account: DomainAccount): Promise<string | undefined> {
  const status = ex.response?.status ?? 0;
  if (status < 200 || status > 299) return undefined;
  let after = recordOf(ex.response?.json);
  if (!after || after.id !== account.id) {
    after = undefined;
    await throughUnstatedRecordRead(
      c,
      `/account/${account.id}`,
      'the domains after the primary one was removed',
      (r) => {
        after = r;
      },
    );
  }
  if (after) return domainsOf(after).find((d) => d.is_primary === true)?.domain_name;
  // nothing shows the domains: the other one tells. Made primary in its place, it is now the last
  // primary and its removal is refused; left non-primary, its removal is taken (a domain risked anyway)
  const probe = await c.api.delete(domainPath(account.id, account.otherDomain));
  const code = (probe.response?.json as { code?: unknown } | undefined)?.code;
  return code === 'cannot_remove_last_primary' ? account.otherDomain : undefined;
}
