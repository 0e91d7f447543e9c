import type { ValueTypeName } from '../ids.js';
import { accountDomainValue } from './account_domain.js';
import { accountStageValue } from './account_stage.js';
import { addressValue } from './address.js';
import { booleanValue } from './boolean.js';
import { contactEmailValue } from './contact_email.js';
import { contactPhoneNumberValue } from './contact_phone_number.js';
import { contactStageValue } from './contact_stage.js';
import { createdSourceFormSubmissionDetailsValue } from './created_source_form_submission_details.js';
import { currencyValue } from './currency.js';
import { emailValue } from './email.js';
import { enumValue } from './enum.js';
import { longTextValue } from './long_text.js';
import { meetingParticipantValue } from './meeting_participant.js';
import { numberValue } from './number.js';
import { opportunityStageValue } from './opportunity_stage.js';
import { phoneNumberValue } from './phone_number.js';
import { recordReferenceValue } from './record_reference.js';
import { richTextValue } from './rich_text.js';
import { selectValue } from './select.js';
import { stringValue } from './string.js';
import { timestampValue } from './timestamp.js';
import { urlValue } from './url.js';
import { uuidValue } from './uuid.js';

/** One schema per row of the spec's "Typed attribute values" table, keyed by value_type. */
export const VALUE_TYPE_SCHEMAS = {
  uuid: uuidValue,
  string: stringValue,
  long_text: longTextValue,
  rich_text: richTextValue,
  number: numberValue,
  boolean: booleanValue,
  timestamp: timestampValue,
  enum: enumValue,
  url: urlValue,
  email: emailValue,
  phone_number: phoneNumberValue,
  currency: currencyValue,
  address: addressValue,
  record_reference: recordReferenceValue,
  select: selectValue,
  contact_stage: contactStageValue,
  account_stage: accountStageValue,
  opportunity_stage: opportunityStageValue,
  contact_email: contactEmailValue,
  contact_phone_number: contactPhoneNumberValue,
  account_domain: accountDomainValue,
  meeting_participant: meetingParticipantValue,
  created_source_form_submission_details: createdSourceFormSubmissionDetailsValue,
} as const satisfies Record<ValueTypeName, object>;
