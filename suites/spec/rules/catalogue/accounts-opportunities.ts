import type { Rule } from '../../../../lib/catalogue/rule.js';

export const ACCOUNT_RULES = {
  'account.create.record': {
    level: 'MUST',
    section: 'Endpoints › Accounts',
    quote: '| POST | /account | JSON `{ attributes }` | `{ data: account record }` |',
    summary: 'POST /account with display_name answers 2xx and { data: account record } holding it',
    endpoints: ['POST /account'],
  },
  'account.delete.archives': {
    level: 'MUST',
    section: 'Endpoints › Accounts',
    quote: '| DELETE | /account/{account_id} | none | archives the account |',
    summary:
      'DELETE /account/{id} answers 2xx; where the server lets the account be read, it shows a non-null archived_at',
    endpoints: ['DELETE /account/{account_id}'],
  },
  'account.domain.delete': {
    level: 'MUST',
    section: 'Endpoints › Accounts',
    quote:
      '| DELETE | /account/{account_id}/attribute/domains/{domain_name} | none; `domain_name` is a string | removes that domain link |',
    summary: 'deleting a non-primary domain answers 2xx, and deleting it again finds nothing',
    endpoints: ['DELETE /account/{account_id}/attribute/domains/{domain_name}'],
  },
  'account.domain.last-primary': {
    level: 'MUST',
    section: 'Errors',
    quote: '| cannot_remove_last_primary | the last primary item of a multi-valued attribute cannot be removed |',
    summary: 'deleting the only primary domain is rejected with code cannot_remove_last_primary and the domain stays',
    endpoints: ['DELETE /account/{account_id}/attribute/domains/{domain_name}'],
  },
  'account.domain.last-primary-of-several': {
    level: 'MUST',
    section: 'Errors',
    quote: '| cannot_remove_last_primary | the last primary item of a multi-valued attribute cannot be removed |',
    summary:
      'the only primary domain cannot be removed even while other domains remain (none is promoted in its place)',
    endpoints: ['DELETE /account/{account_id}/attribute/domains/{domain_name}'],
    reading: 'strict',
    otherReading:
      '"the last primary item" is the last item that could be primary: while other domains remain, the ' +
      'server may remove the primary one and make another primary',
  },
} as const satisfies Record<string, Rule>;

export const OPPORTUNITY_RULES = {
  'opportunity.create.record': {
    level: 'MUST',
    section: 'Endpoints › Opportunities',
    quote:
      '| POST | /opportunity | JSON `{ attributes }` (display_name, stage, account_id) | `{ data: opportunity record }` |',
    summary:
      'POST /opportunity with display_name, stage and account_id answers 2xx and { data: opportunity record } holding them',
    endpoints: ['POST /opportunity'],
  },
  'opportunity.relationship.post': {
    level: 'MUST',
    section: 'Endpoints › Opportunities',
    quote:
      '| POST | /opportunity/{opportunity_id}/relationship/{api_name} | JSON with exactly one of `related_record_id` or `related_record_match` | `{ parent, api_name, item }` |',
    summary: 'linking an opportunity answers { parent, api_name, item } naming the opportunity and the target',
    endpoints: ['POST /opportunity/{opportunity_id}/relationship/{api_name}'],
  },
  'opportunity.relationship.delete': {
    level: 'MUST',
    section: 'Endpoints › Opportunities',
    quote: '| DELETE | /opportunity/{opportunity_id}/relationship/{api_name}/{target_id} | none | removes that edge |',
    summary: 'deleting an edge answers 2xx and the edge is gone: deleting it again finds nothing',
    endpoints: ['DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}'],
  },
} as const satisfies Record<string, Rule>;
