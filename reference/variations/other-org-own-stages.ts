import type { SelectList } from '../model.js';
import { otherOrganization } from '../other-organization.js';
import { defineVariation } from './define.js';

/** Organization B's own names for its options: `b_lead` and "B Lead" where A has `lead` and "Lead". */
function renameOptions(list: SelectList): void {
  list.api_name = `b_${list.api_name}`;
  for (const option of list.options) {
    option.api_name = `b_${option.api_name}`;
    option.display_name = `B ${option.display_name}`;
  }
}

/**
 * Organization B is another workspace with stages of its own: none of its contact, account or
 * opportunity stage options has an api_name or display name organization A's has. Every write of
 * organization B must use B's own values (fixtures `otherOrg.*`, which the reference hands out).
 */
export default defineVariation({
  id: 'other-org-own-stages',
  description:
    "Organization B's contact, account and opportunity stages are its own: no option api_name or display name of organization A's exists in B.",
  quote:
    'Stage select options on contact, account and opportunity. They are workspace-defined and discovered through schema discovery.',
  affects: ['isolation.*', 'record.*', 'auth.*'],
  apply(state) {
    const org = otherOrganization(state);
    if (!org) throw new Error('variation other-org-own-stages: no organization for the other key');
    for (const list of [org.contactStages, org.accountStages, ...org.opportunityPipelines]) renameOptions(list);
  },
});
