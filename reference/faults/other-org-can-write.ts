import { defineFault } from './define.js';
import { acrossOrganizations, wrapRoute } from './kit.js';
import type { Context } from '../context.js';

/**
 * Every write that names a record in its path reaches a record of any organization: another
 * organization's key patches, archives, links, unlinks and removes domains of organization A's records.
 */
const WRITES: ReadonlyArray<readonly [method: string, pattern: string, type: string, idParam: string]> = [
  ['PATCH', '/contact/:contact_id', 'contact', 'contact_id'],
  ['PATCH', '/contact/:contact_id/attribute/contact_phone_numbers/:item_id', 'contact', 'contact_id'],
  ['POST', '/contact/:contact_id/relationship/:api_name', 'contact', 'contact_id'],
  ['DELETE', '/account/:account_id', 'account', 'account_id'],
  ['DELETE', '/account/:account_id/attribute/domains/:domain_name', 'account', 'account_id'],
  ['POST', '/opportunity/:opportunity_id/relationship/:api_name', 'opportunity', 'opportunity_id'],
  ['DELETE', '/opportunity/:opportunity_id/relationship/:api_name/:target_id', 'opportunity', 'opportunity_id'],
  ['PATCH', '/task/:task_id', 'task', 'task_id'],
  ['DELETE', '/task/:task_id', 'task', 'task_id'],
];

export default defineFault({
  id: 'other-org-can-write',
  breaks: ['isolation.other-organization'],
  description: "another organization's key writes A's records: patch, archive, link, unlink, remove domains",
  apply(state) {
    for (const [method, pattern, type, idParam] of WRITES) {
      wrapRoute(state, method, pattern, (inner) => acrossOrganizations(inner, () => type, idParam));
    }
    const customObject = (ctx: Context) => ctx.params['custom_object_api_name'] ?? '';
    for (const method of ['PATCH', 'DELETE']) {
      const pattern = '/:custom_object_api_name/:record_id';
      wrapRoute(state, method, pattern, (inner) => acrossOrganizations(inner, customObject, 'record_id'));
    }
  },
});
