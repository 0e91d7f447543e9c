import { requiredCreateField } from './required-create-field.js';

/**
 * The workspace requires `department` on contact create. GET /_schema/contact says so; the suite
 * must find it there and send a value on every contact it creates, never fail a check over it.
 */
export default requiredCreateField({
  id: 'contact-required-field',
  description:
    'The workspace requires one more contact create field, department (a string), and says so in GET /_schema/contact.',
  affects: ['contact.*', 'opportunity.*', 'pagination.*'],
  profile: { contactRequiredAttribute: 'department' },
});
