import { ref, schemaUri } from '../ids.js';

export const phoneItemPatchEnvelope = {
  $id: schemaUri('envelopes/phone-item-patch'),
  $comment:
    'spec: endpoints/contacts, PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id} response "{ data: { id: uuid, envelope: { id, is_primary, labels, plus the channel value } } }". The channel value of a phone item is phone_number; envelope field types taken from the contact_phone_number row (id uuid, is_primary boolean, labels PERSONAL/WORK/MOBILE, phone_number string).',
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['id', 'envelope'],
      properties: {
        id: ref('defs/uuid'),
        envelope: {
          type: 'object',
          required: ['id', 'is_primary', 'labels', 'phone_number'],
          properties: {
            id: ref('defs/uuid'),
            is_primary: { type: 'boolean' },
            labels: ref('defs/contact-item-labels'),
            phone_number: { type: 'string' },
          },
        },
      },
    },
  },
} as const;
