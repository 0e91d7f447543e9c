import { check, endpoint } from '../lib/check/check.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Exchange } from '../lib/http/exchange.js';
import { accountArchived, accountWithDomains, domainPath } from './steps/account.js';
import { customObjectArchived } from './steps/custom-object.js';
import { opportunityEdgeRemoved } from './steps/opportunity.js';

// http.delete-success-status (RFC 9110 §9.3.5): a DELETE that succeeded SHOULD answer 202, 204 or
// 200. The spec leaves the DELETE answers open ("not shown"), so HTTP's own SHOULD is all there is.
// A DELETE that did not succeed blocks the check: its success is the operation's own rule.
// The rule applies to every DELETE of the spec; the task DELETE has no check here: its one task
// (taskToArchive) belongs to task.delete.archives.

const DELETE_STATUSES = [200, 202, 204];

function expectDeleteStatus(c: CheckContext, ex: Exchange, step: string): void {
  const e = c.setup(ex, step);
  if (!DELETE_STATUSES.includes(e.response.status))
    e.fail('HTTP 200, 202 or 204 for a DELETE that succeeded', `HTTP ${e.response.status}`);
}

// Each DELETE below but the domain's is the run's one DELETE of that operation (suites/steps/, sent
// once), which the operation's own check judges too.
endpoint('DELETE /account/{account_id}', () => {
  check('http.delete-success-status', 'archiving an account answers 200, 202 or 204', async (c) => {
    expectDeleteStatus(c, (await accountArchived(c)).ex, 'DELETE /account/{account_id}');
  });
});

endpoint('DELETE /account/{account_id}/attribute/domains/{domain_name}', () => {
  check(
    'http.delete-success-status',
    "removing a domain of an account of the check's own answers 200, 202 or 204",
    async (c) => {
      const account = await accountWithDomains(c);
      // the fixture account's domains are removed for good: account.domain.delete alone does that
      if (account.source === 'fixture')
        c.notApplicable(
          "POST /account took no domains in any write form (the last answer is shown), so there is no account of the check's own to remove a domain from; the fixture accountWithDomains' removal is account.domain.delete's",
          [c.last()],
        );
      expectDeleteStatus(
        c,
        await c.api.delete(domainPath(account.id, account.otherDomain)),
        'DELETE /account/{account_id}/attribute/domains/{domain_name}',
      );
    },
  );
});

endpoint('DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}', () => {
  check('http.delete-success-status', 'removing an opportunity-contact edge answers 200, 202 or 204', async (c) => {
    expectDeleteStatus(
      c,
      (await opportunityEdgeRemoved(c)).ex,
      'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}',
    );
  });
});

endpoint('DELETE /{custom_object_api_name}/{record_id}', () => {
  check('http.delete-success-status', 'archiving a custom-object record answers 200, 202 or 204', async (c) => {
    expectDeleteStatus(c, (await customObjectArchived(c)).ex, 'DELETE /{custom_object_api_name}/{record_id}');
  });
});
