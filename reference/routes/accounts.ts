import type { Context } from '../context.js';
import { apiError } from '../errors.js';
import type { DomainItem } from '../items.js';
import type { Reply } from '../respond.js';
import { route, type Route } from '../router.js';
import { single } from '../render.js';
import { applyPatch, archive, attributesOfBody, newRecord, parseAttributes } from '../write.js';
import { createdReply, deletedReply, findRecord, param, recordReply } from './common.js';

function createAccount(ctx: Context): Reply {
  const parsed = parseAttributes(ctx, 'account', attributesOfBody(ctx.body), 'create');
  const record = ctx.store.insert(newRecord(ctx, 'account', parsed));
  return createdReply(ctx, single(record, ctx));
}

function getAccount(ctx: Context): Reply {
  return recordReply(ctx, findRecord(ctx, 'account', param(ctx, 'account_id')));
}

function archiveAccount(ctx: Context): Reply {
  const record = findRecord(ctx, 'account', param(ctx, 'account_id'));
  archive(ctx, record);
  return deletedReply(ctx, single(record, ctx));
}

/** Remove one domain; the primary one may go only while another domain is primary. */
function removeDomain(ctx: Context): Reply {
  const record = findRecord(ctx, 'account', param(ctx, 'account_id'));
  const name = param(ctx, 'domain_name');
  const domains = (record.attrs['domains'] ?? []) as DomainItem[];
  const domain = domains.find((d) => d.domain_name.toLowerCase() === name.toLowerCase());
  if (!domain)
    throw apiError(404, 'record_not_found', `No domain ${name} on this account`, {
      record_type: 'account_domain',
      domain_name: name,
    });
  const rest = domains.filter((d) => d !== domain);
  // variation domain-delete-promotes-next: the next domain becomes primary; only the last domain stays
  if (domain.is_primary && ctx.variations.has('domain-delete-promotes-next') && rest.length > 0) {
    if (!rest.some((d) => d.is_primary) && rest[0]) rest[0] = { ...rest[0], is_primary: true };
    applyPatch(ctx, record, { domains: rest });
    return deletedReply(ctx, single(record, ctx));
  }
  if (domain.is_primary && !domains.some((d) => d !== domain && d.is_primary)) {
    throw apiError(409, 'cannot_remove_last_primary', `${name} is the primary domain`, {
      field: 'domains',
      domain_name: name,
    });
  }
  applyPatch(ctx, record, { domains: domains.filter((d) => d !== domain) });
  return deletedReply(ctx, single(record, ctx));
}

export const accountRoutes: Route[] = [
  route('POST', '/account', createAccount),
  route('GET', '/account/:account_id', getAccount, false),
  route('DELETE', '/account/:account_id', archiveAccount),
  route('DELETE', '/account/:account_id/attribute/domains/:domain_name', removeDomain),
];
