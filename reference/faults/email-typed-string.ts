import { defineFault } from './define.js';
import { mapTypedValues } from './kit.js';

/** A contact's primary_email typed "string" instead of email. */
export default defineFault({
  id: 'email-typed-string',
  breaks: ['record.contact.attributes'],
  description: "a contact's primary_email has value_type string instead of email",
  apply(state) {
    mapTypedValues(state, (tv, name, record) => {
      if (record['record_type'] === 'contact' && name === 'primary_email') tv.value_type = 'string';
    });
  },
});
