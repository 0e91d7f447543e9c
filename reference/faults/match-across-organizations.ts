import { defineFault } from './define.js';
import { flag } from './kit.js';

/**
 * A contact relationship POST's related_record_match looks in every organization: a match naming another
 * organization's record links it (hook in relationship-targets.ts).
 */
export default defineFault({
  id: 'match-across-organizations',
  breaks: ['isolation.other-organization'],
  description: "a contact relationship POST's related_record_match finds and links another organization's record",
  apply: flag('match-across-organizations'),
});
