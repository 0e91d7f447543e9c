import type { Fault } from './define.js';
import accountCreateBareRecord from './account-create-bare-record.js';
import accountDeleteNotArchived from './account-delete-not-archived.js';
import accountNumberAsString from './account-number-as-string.js';
import accountStageEnvelopeRefused from './account-stage-envelope-refused.js';
import accountStageNameMisresolved from './account-stage-name-misresolved.js';
import accountStageTypedSelect from './account-stage-typed-select.js';
import addressMissingZip from './address-missing-zip.js';
import ambiguousMatchLinksFirst from './ambiguous-match-links-first.js';
import association409WrongCode from './association-409-wrong-code.js';
import associationNeverSatisfied from './association-never-satisfied.js';
import associationRuleNotEnforced from './association-rule-not-enforced.js';
import attributeBareValue from './attribute-bare-value.js';
import attributesNotObjectDefaults from './attributes-not-object-defaults.js';
import attributesNotObjectIgnored from './attributes-not-object-ignored.js';
import auth401WithoutBody from './auth-401-without-body.js';
import badUuid500 from './bad-uuid-500.js';
import bothTargetsWrongCode from './both-targets-wrong-code.js';
import contactAccountsFirstPageOnly from './contact-accounts-first-page-only.js';
import contactAccountsNextPageEmpty from './contact-accounts-next-page-empty.js';
import contactAccountsPageNoCount from './contact-accounts-page-no-count.js';
import contactCreate200 from './contact-create-200.js';
import contactCreatePartial from './contact-create-partial.js';
import contactLabelsLowercase from './contact-labels-lowercase.js';
import contactPatchClobbers from './contact-patch-clobbers.js';
import contactPatchFromCreated from './contact-patch-from-created.js';
import contactPatchLost from './contact-patch-lost.js';
import contactPatchNamesOnly from './contact-patch-names-only.js';
import contactPatchStageEnvelopeRefused from './contact-patch-stage-envelope-refused.js';
import contactStageNotRequired from './contact-stage-not-required.js';
import currencyAmountNumber from './currency-amount-number.js';
import cursorNeverEnds from './cursor-never-ends.js';
import cursorNull500 from './cursor-null-500.js';
import cursorRepeatsItems from './cursor-repeats-items.js';
import customObjectUnknownFieldIgnored from './custom-object-unknown-field-ignored.js';
import customRecordDeleteNotArchived from './custom-record-delete-not-archived.js';
import customRecordFoundUnderAnyType from './custom-record-found-under-any-type.js';
import customRecordNoIdAttribute from './custom-record-no-id-attribute.js';
import customRecordPatchClobbers from './custom-record-patch-clobbers.js';
import customRecordPatchDropsSelects from './custom-record-patch-drops-selects.js';
import customRecordPatchLost from './custom-record-patch-lost.js';
import customRecordTimestampsTypedString from './custom-record-timestamps-typed-string.js';
import customRecordTypeGeneric from './custom-record-type-generic.js';
import customSelectEnvelopeDropped from './custom-select-envelope-dropped.js';
import dataWrapperDropped from './data-wrapper-dropped.js';
import deleteAnswers201 from './delete-answers-201.js';
import displayNameNotDerived from './display-name-not-derived.js';
import displayNameStaleLastName from './display-name-stale-last-name.js';
import displayNameWritable from './display-name-writable.js';
import domainDeleteNoop from './domain-delete-noop.js';
import domainRemovedFromAnyAccount from './domain-removed-from-any-account.js';
import edgeRemovedByTargetAlone from './edge-removed-by-target-alone.js';
import emailTypedString from './email-typed-string.js';
import envelopeMissingUpdatedAt from './envelope-missing-updated-at.js';
import envelopedValuesRejected from './enveloped-values-rejected.js';
import errorCodeUnlisted from './error-code-unlisted.js';
import errorDetailsNoCode from './error-details-no-code.js';
import errorMessageMissing from './error-message-missing.js';
import errorStatusCodeMismatch from './error-status-code-mismatch.js';
import exactlyOneTargetNotEnforced from './exactly-one-target-not-enforced.js';
import getRecordNotEnveloped from './get-record-not-enveloped.js';
import htmlEscaped from './html-escaped.js';
import inlineRelationshipsAccepted from './inline-relationships-accepted.js';
import invalidCursor500 from './invalid-cursor-500.js';
import invalidCursorWrongCode from './invalid-cursor-wrong-code.js';
import invalidKeyCodeMissing from './invalid-key-code-missing.js';
import invalidTargetWrongCode from './invalid-target-wrong-code.js';
import itemWritesMediaType400 from './item-writes-media-type-400.js';
import jsonContentTypeMissing from './json-content-type-missing.js';
import jsonContentTypeRecordsOnly from './json-content-type-records-only.js';
import lastPrimaryDomainRemoved from './last-primary-domain-removed.js';
import laterIdNotUuid500 from './later-id-not-uuid-500.js';
import limitOutOfRangeWrongCode from './limit-out-of-range-wrong-code.js';
import longIdForeignErrorBody from './long-id-foreign-error-body.js';
import longString500 from './long-string-500.js';
import longStringTruncated from './long-string-truncated.js';
import malformedJson500 from './malformed-json-500.js';
import matchAcrossOrganizations from './match-across-organizations.js';
import matchLinkNotStored from './match-link-not-stored.js';
import matchOnly500 from './match-only-500.js';
import meetingParticipantIsHostString from './meeting-participant-is-host-string.js';
import meetingStatusTypedString from './meeting-status-typed-string.js';
import meetingWritable from './meeting-writable.js';
import middleNameDroppedOnCreate from './middle-name-dropped-on-create.js';
import missingAuth200 from './missing-auth-200.js';
import multiValuedNotArray from './multi-valued-not-array.js';
import notFound200 from './not-found-200.js';
import noteDeletedByTypedString from './note-deleted-by-typed-string.js';
import nullClearedOnTitleOnly from './null-cleared-on-title-only.js';
import nullNotCleared from './null-not-cleared.js';
import nullRefusedWhereNullable from './null-refused-where-nullable.js';
import opportunityAmbiguousMatchLinksFirst from './opportunity-ambiguous-match-links-first.js';
import opportunityCreateDropsAccount from './opportunity-create-drops-account.js';
import opportunityMatchAcrossOrganizations from './opportunity-match-across-organizations.js';
import opportunityRelationshipDeleteNoop from './opportunity-relationship-delete-noop.js';
import opportunityStageExpectedDaysString from './opportunity-stage-expected-days-string.js';
import opportunityStageTypedSelect from './opportunity-stage-typed-select.js';
import organizationIdConstant from './organization-id-constant.js';
import organizationIdContactsOnly from './organization-id-contacts-only.js';
import organizationIdWritable from './organization-id-writable.js';
import otherOrgCanArchiveAccount from './other-org-can-archive-account.js';
import otherOrgCanLinkAccount from './other-org-can-link-account.js';
import otherOrgCanPatchContact from './other-org-can-patch-contact.js';
import otherOrgCanPatchCustomRecord from './other-org-can-patch-custom-record.js';
import otherOrgCanPatchTask from './other-org-can-patch-task.js';
import otherOrgCanReadContact from './other-org-can-read-contact.js';
import otherOrgCanReadNote from './other-org-can-read-note.js';
import otherOrgCanWrite from './other-org-can-write.js';
import otherOrgOwnTypeArchivesAnyRecord from './other-org-own-type-archives-any-record.js';
import otherOrgOwnTypeFindsAnyRecord from './other-org-own-type-finds-any-record.js';
import otherOrgOwnTypeReadsAnyEdges from './other-org-own-type-reads-any-edges.js';
import otherOrgOwnTypeUpsertMatchesAnyRecord from './other-org-own-type-upsert-matches-any-record.js';
import otherOrgTranscript from './other-org-transcript.js';
import pageSizeDefault20 from './page-size-default-20.js';
import pageSizeIgnored from './page-size-ignored.js';
import pageSizeOneRefused from './page-size-one-refused.js';
import pageSizeZeroAccepted from './page-size-zero-accepted.js';
import patchUnknownCreates from './patch-unknown-creates.js';
import payloadTooLargeLimiterBody from './payload-too-large-limiter-body.js';
import payloadTooLargeWrongCode from './payload-too-large-wrong-code.js';
import phoneItemFoundInAnyContact from './phone-item-found-in-any-contact.js';
import phoneItemIsPrimaryCoerced from './phone-item-is-primary-coerced.js';
import phoneItemIsPrimaryString from './phone-item-is-primary-string.js';
import phoneItemLabelsUnchecked from './phone-item-labels-unchecked.js';
import phoneItemLastPrimaryUnflagged from './phone-item-last-primary-unflagged.js';
import phoneItemPatchLost from './phone-item-patch-lost.js';
import phoneItemPatchWrongShape from './phone-item-patch-wrong-shape.js';
import phoneItemRelabelDropsPrimary from './phone-item-relabel-drops-primary.js';
import phoneNumberMutable from './phone-number-mutable.js';
import primaryDomainPromoted from './primary-domain-promoted.js';
import rateLimitNoBody from './rate-limit-no-body.js';
import rawStringJsonEncoded from './raw-string-json-encoded.js';
import readAnswersOtherId from './read-answers-other-id.js';
import readOnly403WithoutBody from './read-only-403-without-body.js';
import readOnlyCanDelete from './read-only-can-delete.js';
import readOnlyCanWrite from './read-only-can-write.js';
import recordNotFoundWrongCode from './record-not-found-wrong-code.js';
import recordReferenceBareUuid from './record-reference-bare-uuid.js';
import recordTypeWrong from './record-type-wrong.js';
import relationshipPayloadTooLargeWrongCode from './relationship-payload-too-large-wrong-code.js';
import relationshipPostNoParent from './relationship-post-no-parent.js';
import schemaContact404 from './schema-contact-404.js';
import schemaContactPartial from './schema-contact-partial.js';
import schemaContactRequiredUnnamed from './schema-contact-required-unnamed.js';
import schemaStageNotRequired from './schema-stage-not-required.js';
import schemaSummary404 from './schema-summary-404.js';
import schemaSummaryNoCustomObjects from './schema-summary-no-custom-objects.js';
import selectListIdIgnored from './select-list-id-ignored.js';
import stageDisplayNameNotResolved from './stage-display-name-not-resolved.js';
import stageIdEnvelopeRejected from './stage-id-envelope-rejected.js';
import stageMissingColor from './stage-missing-color.js';
import targetNotFoundWrongCode from './target-not-found-wrong-code.js';
import taskAccountPatchable from './task-account-patchable.js';
import taskAttributesOptional from './task-attributes-optional.js';
import taskCompletedIgnored from './task-completed-ignored.js';
import taskDeleteNotArchived from './task-delete-not-archived.js';
import taskDispositionNotPatchable from './task-disposition-not-patchable.js';
import taskEmptyAttributes200 from './task-empty-attributes-200.js';
import taskEmptyAttributes400 from './task-empty-attributes-400.js';
import taskPatchClobbers from './task-patch-clobbers.js';
import taskPatchFirstFieldOnly from './task-patch-first-field-only.js';
import taskStatusTypedString from './task-status-typed-string.js';
import throughBooleanAsString from './through-boolean-as-string.js';
import throughRoleUntyped from './through-role-untyped.js';
import timestampNotIso from './timestamp-not-iso.js';
import topLevelKeysIgnored from './top-level-keys-ignored.js';
import transcriptExpired from './transcript-expired.js';
import transcriptLinkUnsigned from './transcript-link-unsigned.js';
import transcriptRelativeUrl from './transcript-relative-url.js';
import unicodeMangled from './unicode-mangled.js';
import unknownCustomObject200 from './unknown-custom-object-200.js';
import unknownFieldDetailsUnnamed from './unknown-field-details-unnamed.js';
import unknownFieldIgnoredBeyondContacts from './unknown-field-ignored-beyond-contacts.js';
import unknownFieldSilentlyIgnored from './unknown-field-silently-ignored.js';
import unknownTypeWrongCode from './unknown-type-wrong-code.js';
import unlistedStatusOwnCode from './unlisted-status-own-code.js';
import unservedPathHtml404 from './unserved-path-html-404.js';
import unsupportedMedia422 from './unsupported-media-422.js';
import unsupportedMediaAccepted from './unsupported-media-accepted.js';
import unsupportedMediaWrongCode from './unsupported-media-wrong-code.js';
import upsertAmbiguousUpdatesFirst from './upsert-ambiguous-updates-first.js';
import upsertConcurrentDuplicates from './upsert-concurrent-duplicates.js';
import upsertDuplicates from './upsert-duplicates.js';
import upsertEnvelopedValueRefused from './upsert-enveloped-value-refused.js';
import upsertInvalidMatchingFieldWrongCode from './upsert-invalid-matching-field-wrong-code.js';
import upsertMalformedJson500 from './upsert-malformed-json-500.js';
import upsertMatchLostAfterPatch from './upsert-match-lost-after-patch.js';
import upsertMatchValueTyped500 from './upsert-match-value-typed-500.js';
import upsertMatchWithoutValueCreates from './upsert-match-without-value-creates.js';
import upsertMissingMatchKeyWrongCode from './upsert-missing-match-key-wrong-code.js';
import upsertNoMeta from './upsert-no-meta.js';
import upsertWriteFails from './upsert-write-fails.js';
import uuidNotUuid from './uuid-not-uuid.js';
import validKeyRead401 from './valid-key-read-401.js';
import validationDetailsMissingLoc from './validation-details-missing-loc.js';
import versionNotInBasePath from './version-not-in-base-path.js';
import wrongJsonType500 from './wrong-json-type-500.js';
import wrongKey403 from './wrong-key-403.js';

/** Every fault, one file each (reference/faults/<id>.ts); the file name is the fault id. */
export const ALL_FAULTS: readonly Fault[] = [
  accountCreateBareRecord,
  accountDeleteNotArchived,
  accountNumberAsString,
  accountStageEnvelopeRefused,
  accountStageNameMisresolved,
  accountStageTypedSelect,
  addressMissingZip,
  ambiguousMatchLinksFirst,
  association409WrongCode,
  associationNeverSatisfied,
  associationRuleNotEnforced,
  attributeBareValue,
  attributesNotObjectDefaults,
  attributesNotObjectIgnored,
  auth401WithoutBody,
  badUuid500,
  bothTargetsWrongCode,
  contactAccountsFirstPageOnly,
  contactAccountsNextPageEmpty,
  contactAccountsPageNoCount,
  contactCreate200,
  contactCreatePartial,
  contactLabelsLowercase,
  contactPatchClobbers,
  contactPatchFromCreated,
  contactPatchLost,
  contactPatchNamesOnly,
  contactPatchStageEnvelopeRefused,
  contactStageNotRequired,
  currencyAmountNumber,
  cursorNeverEnds,
  cursorNull500,
  cursorRepeatsItems,
  customObjectUnknownFieldIgnored,
  customRecordDeleteNotArchived,
  customRecordFoundUnderAnyType,
  customRecordNoIdAttribute,
  customRecordPatchClobbers,
  customRecordPatchDropsSelects,
  customRecordPatchLost,
  customRecordTimestampsTypedString,
  customRecordTypeGeneric,
  customSelectEnvelopeDropped,
  dataWrapperDropped,
  deleteAnswers201,
  displayNameNotDerived,
  displayNameStaleLastName,
  displayNameWritable,
  domainDeleteNoop,
  domainRemovedFromAnyAccount,
  edgeRemovedByTargetAlone,
  emailTypedString,
  envelopeMissingUpdatedAt,
  envelopedValuesRejected,
  errorCodeUnlisted,
  errorDetailsNoCode,
  errorMessageMissing,
  errorStatusCodeMismatch,
  exactlyOneTargetNotEnforced,
  getRecordNotEnveloped,
  htmlEscaped,
  inlineRelationshipsAccepted,
  invalidCursor500,
  invalidCursorWrongCode,
  invalidKeyCodeMissing,
  invalidTargetWrongCode,
  itemWritesMediaType400,
  jsonContentTypeMissing,
  jsonContentTypeRecordsOnly,
  lastPrimaryDomainRemoved,
  laterIdNotUuid500,
  limitOutOfRangeWrongCode,
  longIdForeignErrorBody,
  longString500,
  longStringTruncated,
  malformedJson500,
  matchAcrossOrganizations,
  matchLinkNotStored,
  matchOnly500,
  meetingParticipantIsHostString,
  meetingStatusTypedString,
  meetingWritable,
  middleNameDroppedOnCreate,
  missingAuth200,
  multiValuedNotArray,
  notFound200,
  noteDeletedByTypedString,
  nullClearedOnTitleOnly,
  nullNotCleared,
  nullRefusedWhereNullable,
  opportunityAmbiguousMatchLinksFirst,
  opportunityCreateDropsAccount,
  opportunityMatchAcrossOrganizations,
  opportunityRelationshipDeleteNoop,
  opportunityStageExpectedDaysString,
  opportunityStageTypedSelect,
  organizationIdConstant,
  organizationIdContactsOnly,
  organizationIdWritable,
  otherOrgCanArchiveAccount,
  otherOrgCanLinkAccount,
  otherOrgCanPatchContact,
  otherOrgCanPatchCustomRecord,
  otherOrgCanPatchTask,
  otherOrgCanReadContact,
  otherOrgCanReadNote,
  otherOrgCanWrite,
  otherOrgOwnTypeArchivesAnyRecord,
  otherOrgOwnTypeFindsAnyRecord,
  otherOrgOwnTypeReadsAnyEdges,
  otherOrgOwnTypeUpsertMatchesAnyRecord,
  otherOrgTranscript,
  pageSizeDefault20,
  pageSizeIgnored,
  pageSizeOneRefused,
  pageSizeZeroAccepted,
  patchUnknownCreates,
  payloadTooLargeLimiterBody,
  payloadTooLargeWrongCode,
  phoneItemFoundInAnyContact,
  phoneItemIsPrimaryCoerced,
  phoneItemIsPrimaryString,
  phoneItemLabelsUnchecked,
  phoneItemLastPrimaryUnflagged,
  phoneItemPatchLost,
  phoneItemPatchWrongShape,
  phoneItemRelabelDropsPrimary,
  phoneNumberMutable,
  primaryDomainPromoted,
  rateLimitNoBody,
  rawStringJsonEncoded,
  readAnswersOtherId,
  readOnly403WithoutBody,
  readOnlyCanDelete,
  readOnlyCanWrite,
  recordNotFoundWrongCode,
  recordReferenceBareUuid,
  recordTypeWrong,
  relationshipPayloadTooLargeWrongCode,
  relationshipPostNoParent,
  schemaContact404,
  schemaContactPartial,
  schemaContactRequiredUnnamed,
  schemaStageNotRequired,
  schemaSummary404,
  schemaSummaryNoCustomObjects,
  selectListIdIgnored,
  stageDisplayNameNotResolved,
  stageIdEnvelopeRejected,
  stageMissingColor,
  targetNotFoundWrongCode,
  taskAccountPatchable,
  taskAttributesOptional,
  taskCompletedIgnored,
  taskDeleteNotArchived,
  taskDispositionNotPatchable,
  taskEmptyAttributes200,
  taskEmptyAttributes400,
  taskPatchClobbers,
  taskPatchFirstFieldOnly,
  taskStatusTypedString,
  throughBooleanAsString,
  throughRoleUntyped,
  timestampNotIso,
  topLevelKeysIgnored,
  transcriptExpired,
  transcriptLinkUnsigned,
  transcriptRelativeUrl,
  unicodeMangled,
  unknownCustomObject200,
  unknownFieldDetailsUnnamed,
  unknownFieldIgnoredBeyondContacts,
  unknownFieldSilentlyIgnored,
  unknownTypeWrongCode,
  unlistedStatusOwnCode,
  unservedPathHtml404,
  unsupportedMedia422,
  unsupportedMediaAccepted,
  unsupportedMediaWrongCode,
  upsertAmbiguousUpdatesFirst,
  upsertConcurrentDuplicates,
  upsertDuplicates,
  upsertEnvelopedValueRefused,
  upsertInvalidMatchingFieldWrongCode,
  upsertMalformedJson500,
  upsertMatchLostAfterPatch,
  upsertMatchValueTyped500,
  upsertMatchWithoutValueCreates,
  upsertMissingMatchKeyWrongCode,
  upsertNoMeta,
  upsertWriteFails,
  uuidNotUuid,
  validKeyRead401,
  validationDetailsMissingLoc,
  versionNotInBasePath,
  wrongJsonType500,
  wrongKey403,
];
