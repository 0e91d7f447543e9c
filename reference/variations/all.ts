import type { Variation } from './define.js';
import accountDomainsNotOnCreate from './account-domains-not-on-create.js';
import accountNameUnique from './account-name-unique.js';
import accountRequiredDomain from './account-required-domain.js';
import archivedNotAddressable from './archived-not-addressable.js';
import codesAs400 from './codes-as-400.js';
import contactAccountsOwnCursor from './contact-accounts-own-cursor.js';
import contactEmailUnique from './contact-email-unique.js';
import contactListsNotOnCreate from './contact-lists-not-on-create.js';
import contactRequiredField from './contact-required-field.js';
import contentTypeCharset from './content-type-charset.js';
import createdStatus200 from './created-status-200.js';
import cursorOtherForm from './cursor-other-form.js';
import delete204 from './delete-204.js';
import deleteBodyOther from './delete-body-other.js';
import discoveryListsByAttributeNames from './discovery-lists-by-attribute-names.js';
import discoveryObjectApiName from './discovery-object-api-name.js';
import discoveryRecordReferenceTyped from './discovery-record-reference-typed.js';
import discoveryRelationshipsListed from './discovery-relationships-listed.js';
import discoverySelectListIds from './discovery-select-list-ids.js';
import discoveryStageByAttribute from './discovery-stage-by-attribute.js';
import discoveryUniqueAttribute from './discovery-unique-attribute.js';
import domainDeletePromotesNext from './domain-delete-promotes-next.js';
import emptyPatchRefused from './empty-patch-refused.js';
import emptyStringClears from './empty-string-clears.js';
import errorTypesOwn from './error-types-own.js';
import extraResponseFields from './extra-response-fields.js';
import itemsReversed from './items-reversed.js';
import matchValueUnique from './match-value-unique.js';
import maxPageSize50 from './max-page-size-50.js';
import namesCapped40 from './names-capped-40.js';
import opportunityRequiredCloseDate from './opportunity-required-close-date.js';
import otherOrg403 from './other-org-403.js';
import otherOrgOwnCustomObject from './other-org-own-custom-object.js';
import otherOrgOwnStages from './other-org-own-stages.js';
import otherTopLevelKeysIgnored from './other-top-level-keys-ignored.js';
import ownCodesForUnlistedStatuses from './own-codes-for-unlisted-statuses.js';
import pageSizeClamped from './page-size-clamped.js';
import pageSizeMaxValidation from './page-size-max-validation.js';
import pageSizeZeroValidation from './page-size-zero-validation.js';
import participantNameNull from './participant-name-null.js';
import phoneItemOneLabel from './phone-item-one-label.js';
import phoneItemsNotOnCreate from './phone-items-not-on-create.js';
import requiredFlagOmitempty from './required-flag-omitempty.js';
import statedReadsOnly from './stated-reads-only.js';
import stringsBmpOnly from './strings-bmp-only.js';
import stringsC0Stripped from './strings-c0-stripped.js';
import stringsHtmlStripped from './strings-html-stripped.js';
import stringsNfc from './strings-nfc.js';
import taskCompleteSetsMore from './task-complete-sets-more.js';
import taskRelationshipsIgnored from './task-relationships-ignored.js';
import taskStatusesOther from './task-statuses-other.js';
import textPlainJsonAccepted from './text-plain-json-accepted.js';
import timestampsCommaFraction from './timestamps-comma-fraction.js';
import timestampsMicroseconds from './timestamps-microseconds.js';
import timestampsOtherOffset from './timestamps-other-offset.js';
import transcriptFormatOther from './transcript-format-other.js';
import upsertUpdate201 from './upsert-update-201.js';
import upsertUpdatesArchived from './upsert-updates-archived.js';
import validationDetailsNull from './validation-details-null.js';
import workspaceAttribute from './workspace-attribute.js';

export const ALL_VARIATIONS: readonly Variation[] = [
  accountDomainsNotOnCreate,
  accountNameUnique,
  accountRequiredDomain,
  archivedNotAddressable,
  codesAs400,
  contactAccountsOwnCursor,
  contactEmailUnique,
  contactListsNotOnCreate,
  contactRequiredField,
  contentTypeCharset,
  createdStatus200,
  cursorOtherForm,
  delete204,
  deleteBodyOther,
  discoveryListsByAttributeNames,
  discoveryObjectApiName,
  discoveryRecordReferenceTyped,
  discoveryRelationshipsListed,
  discoverySelectListIds,
  discoveryStageByAttribute,
  discoveryUniqueAttribute,
  domainDeletePromotesNext,
  emptyPatchRefused,
  emptyStringClears,
  errorTypesOwn,
  extraResponseFields,
  itemsReversed,
  matchValueUnique,
  maxPageSize50,
  namesCapped40,
  opportunityRequiredCloseDate,
  otherOrg403,
  otherOrgOwnCustomObject,
  otherOrgOwnStages,
  otherTopLevelKeysIgnored,
  ownCodesForUnlistedStatuses,
  pageSizeClamped,
  pageSizeMaxValidation,
  pageSizeZeroValidation,
  participantNameNull,
  phoneItemOneLabel,
  phoneItemsNotOnCreate,
  requiredFlagOmitempty,
  statedReadsOnly,
  stringsBmpOnly,
  stringsC0Stripped,
  stringsHtmlStripped,
  stringsNfc,
  taskCompleteSetsMore,
  taskRelationshipsIgnored,
  taskStatusesOther,
  textPlainJsonAccepted,
  timestampsCommaFraction,
  timestampsMicroseconds,
  timestampsOtherOffset,
  transcriptFormatOther,
  upsertUpdate201,
  upsertUpdatesArchived,
  validationDetailsNull,
  workspaceAttribute,
];
