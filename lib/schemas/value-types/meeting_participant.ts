import { defineValueType } from './define.js';

export const meetingParticipantValue = defineValueType(
  'meeting_participant',
  'spec: typed-attribute-values row "meeting_participant | object { name, email, rsvp_status: string, is_host: boolean }"; name and email untyped in the row, taken as strings',
  {
    type: 'object',
    required: ['name', 'email', 'rsvp_status', 'is_host'],
    properties: {
      name: { type: 'string' },
      email: { type: 'string' },
      rsvp_status: { type: 'string' },
      is_host: { type: 'boolean' },
    },
  },
);
