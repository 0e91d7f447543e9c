import { ref } from '../ids.js';
import { defineValueType } from './define.js';

const utm = {} as const;

export const createdSourceFormSubmissionDetailsValue = defineValueType(
  'created_source_form_submission_details',
  'spec: typed-attribute-values row "created_source_form_submission_details | object { form_submission_id: record_reference-shape, form_id: record_reference-shape, source_event_occurred_at: timestamp, utm_campaign, utm_source, utm_medium, utm_content, utm_term }". The row gives utm_* no type: any JSON value, not required (UTM parameters are routinely absent).',
  {
    type: 'object',
    required: ['form_submission_id', 'form_id', 'source_event_occurred_at'],
    properties: {
      form_submission_id: ref('defs/record-reference-shape'),
      form_id: ref('defs/record-reference-shape'),
      source_event_occurred_at: ref('defs/timestamp'),
      utm_campaign: utm,
      utm_source: utm,
      utm_medium: utm,
      utm_content: utm,
      utm_term: utm,
    },
  },
);
