import { defineFault } from './define.js';
import { flag } from './kit.js';

/** A contact joins any opportunity, on its account or not (hook in routes/relationships.ts). */
export default defineFault({
  id: 'association-rule-not-enforced',
  breaks: ['relationship.contact-account-association'],
  description: 'a contact can be linked to an opportunity whose account it is not on',
  apply: flag('association-rule-not-enforced'),
});
