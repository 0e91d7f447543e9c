import { ref, schemaUri } from '../ids.js';

export const phoneItemPatchBody = {
  $id: schemaUri('requests/phone-item-patch-body'),
  $comment:
    'spec: endpoints/contacts, PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}: "JSON with optional is_primary (boolean) and labels (array of PERSONAL, WORK, MOBILE); phone_number is immutable and absent". The body is flat (the row names the fields directly, not under attributes).',
  type: 'object',
  properties: {
    is_primary: { type: 'boolean' },
    labels: ref('defs/contact-item-labels'),
    phone_number: false,
  },
} as const;
