import { contactItemLabelsDef } from './defs/contact-item-labels.js';
import { recordReferenceShapeDef } from './defs/record-reference-shape.js';
import { timestampDef } from './defs/timestamp.js';
import { uuidDef } from './defs/uuid.js';
import { contactAccountItem } from './envelopes/contact-account-item.js';
import { parentRef } from './envelopes/parent-ref.js';
import { phoneItemPatchEnvelope } from './envelopes/phone-item-patch.js';
import { relationshipItem } from './envelopes/relationship-item.js';
import { relationshipPage } from './envelopes/relationship-page.js';
import { relationshipPost } from './envelopes/relationship-post.js';
import * as singleRecords from './envelopes/single-records.js';
import { singleEnvelope } from './envelopes/single.js';
import { transcriptEnvelope } from './envelopes/transcript.js';
import { upsertEnvelope } from './envelopes/upsert.js';
import { errorBody } from './errors/error-body.js';
import { requestValidationFailedDetails } from './errors/request-validation-failed-details.js';
import { accountRecord } from './records/account.js';
import { contactRecord } from './records/contact.js';
import { customObjectRecord } from './records/custom-object.js';
import { recordEnvelope } from './records/envelope.js';
import { meetingRecord } from './records/meeting.js';
import { noteRecord } from './records/note.js';
import { opportunityRecord } from './records/opportunity.js';
import { taskRecord } from './records/task.js';
import { attributesBody } from './requests/attributes-body.js';
import { contactCreateBody } from './requests/contact-create-body.js';
import { phoneItemPatchBody } from './requests/phone-item-patch-body.js';
import { relationshipPostBody } from './requests/relationship-post-body.js';
import { selectEnvelope } from './requests/select-envelope.js';
import { taskPatchBody } from './requests/task-patch-body.js';
import { upsertBody } from './requests/upsert-body.js';
import { VALUE_TYPE_SCHEMAS } from './value-types/all.js';
import { attributeValue } from './value-types/attribute.js';
import { typedValue } from './value-types/typed-value.js';

/** Every schema object, each carrying its own `$id`. index.ts registers them all. */
export const ALL_SCHEMAS: readonly { readonly $id: string }[] = [
  uuidDef,
  timestampDef,
  contactItemLabelsDef,
  recordReferenceShapeDef,
  ...Object.values(VALUE_TYPE_SCHEMAS),
  typedValue,
  attributeValue,
  recordEnvelope,
  contactRecord,
  accountRecord,
  opportunityRecord,
  taskRecord,
  noteRecord,
  meetingRecord,
  customObjectRecord,
  singleEnvelope,
  ...Object.values(singleRecords),
  parentRef,
  relationshipItem,
  contactAccountItem,
  relationshipPost,
  relationshipPage,
  upsertEnvelope,
  phoneItemPatchEnvelope,
  transcriptEnvelope,
  requestValidationFailedDetails,
  errorBody,
  attributesBody,
  taskPatchBody,
  upsertBody,
  relationshipPostBody,
  phoneItemPatchBody,
  selectEnvelope,
  contactCreateBody,
];
