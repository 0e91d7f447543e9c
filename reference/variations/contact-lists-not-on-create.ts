import { apiError } from '../errors.js';
import { bodyAttributes, wrapRoute } from '../faults/kit.js';
import { defineVariation, variationFlag } from './define.js';

const LISTS = ['contact_emails', 'contact_phone_numbers'] as const;

/**
 * A contact create takes neither contact_emails nor contact_phone_numbers (422 field_not_writable):
 * the items come from elsewhere in the product, except that primary_email still yields a contact_email
 * item on create (reference/routes/contacts.ts reads the flag). The suite must judge the contact_email
 * and contact_phone_number shapes on the items it reads (that item, the contact the user names),
 * never skip them for a write the server may refuse.
 */
export default defineVariation({
  id: 'contact-lists-not-on-create',
  description:
    'A contact create refuses contact_emails and contact_phone_numbers (422 field_not_writable); primary_email still yields a contact_email item.',
  quote: 'Contact fields in the create request beyond first_name, last_name, middle_name and title: not shown.',
  affects: ['value.*', 'record.*', 'contact.*', 'generated.*', 'auth.*', 'isolation.*'],
  apply(state) {
    variationFlag('contact-lists-not-on-create')(state);
    wrapRoute(state, 'POST', '/contact', (inner) => (ctx) => {
      const attributes = bodyAttributes(ctx);
      const refused = LISTS.find((name) => attributes?.[name] !== undefined);
      if (refused) throw apiError(422, 'field_not_writable', `${refused} cannot be written`, { field: refused });
      return inner(ctx);
    });
  },
});
