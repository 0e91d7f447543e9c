import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** The association refusal says the generic "conflict". */
export default defineFault({
  id: 'association-409-wrong-code',
  breaks: ['relationship.contact-account-association'],
  description:
    "a contact not on the opportunity's account is refused 409 with code conflict instead of contact_account_association_required",
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'contact_account_association_required') return undefined;
      return {
        ...reply,
        body: { ...error, code: 'conflict', details: error.details ? { ...error.details, code: 'conflict' } : null },
      };
    });
  },
});
