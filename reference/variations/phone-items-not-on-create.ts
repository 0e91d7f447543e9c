import { apiError } from '../errors.js';
import { bodyAttributes, wrapRoute } from '../faults/kit.js';
import { defineVariation } from './define.js';

/**
 * A contact create does not take contact_phone_numbers (422 field_not_creatable): phone items come
 * from elsewhere in the product. The suite then works on the phone items of the contact the user
 * names (contactWithPhoneNumbersId), and puts back whatever a probe the server wrongly took changed.
 */
export default defineVariation({
  id: 'phone-items-not-on-create',
  description: 'A contact create refuses contact_phone_numbers (422 field_not_creatable).',
  quote: 'Contact fields in the create request beyond first_name, last_name, middle_name and title: not shown.',
  affects: ['contact.phone-item.*', 'generated.phone-item-sequence', 'value.*', 'record.*', 'auth.*', 'isolation.*'],
  apply(state) {
    wrapRoute(state, 'POST', '/contact', (inner) => (ctx) => {
      if (bodyAttributes(ctx)?.['contact_phone_numbers'] !== undefined)
        throw apiError(422, 'field_not_creatable', 'contact_phone_numbers cannot be set on create', {
          field: 'contact_phone_numbers',
        });
      return inner(ctx);
    });
  },
});
