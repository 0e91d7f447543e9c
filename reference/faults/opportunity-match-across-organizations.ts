import { defineFault } from './define.js';
import { flag } from './kit.js';

/**
 * An opportunity relationship POST's related_record_match looks in every organization (hook in
 * relationship-targets.ts): a match naming another organization's contact finds it, and is refused
 * only because that contact is not on the opportunity's account (409 contact_account_association_required).
 */
export default defineFault({
  id: 'opportunity-match-across-organizations',
  breaks: ['isolation.other-organization'],
  description:
    "an opportunity relationship POST's related_record_match finds another organization's contact (refused as not on the opportunity's account)",
  apply: flag('opportunity-match-across-organizations'),
});
