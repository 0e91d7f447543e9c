import { defineValueType } from './define.js';

export const meetingParticipantValue = defineValueType(
  'meeting_participant',
  'spec: typed-attribute-values row "meeting_participant | object { name, email, rsvp_status: string, is_host: boolean }"; name and email are untyped in the row, so any JSON value (a participant known by email only has name null); the four keys are listed, so present',
  {
    type: 'object',
    required: ['name', 'email', 'rsvp_status', 'is_host'],
    properties: {
      name: {},
      email: {},
      rsvp_status: { type: 'string' },
      is_host: { type: 'boolean' },
    },
  },
);
