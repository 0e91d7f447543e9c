/**
 * The fixtures key whose value a set-up step sends, by the step's operation, so a blocked check can
 * say which of the user's facts was involved ("POST /contact with `contact.stage` answered 422").
 * First match wins; a step that uses no fixture value has none.
 */
const STEP_FIXTURES: ReadonlyArray<[RegExp, string]> = [
  [/^POST \/contact \(otherOrgApiKey\)/, 'contact.stage'],
  [/^POST \/contact$/, 'contact.stage'],
  [/^POST \/opportunity/, 'opportunity.stageId'],
  [/^POST \/\{custom_object_api_name\}\/_upsert/, 'customObject'],
  [/^(PATCH|DELETE) \/\{custom_object_api_name\}/, 'customObject'],
  [/^PATCH \/task\//, 'taskIds'],
  [/^GET \/note\//, 'noteId'],
  [/^GET \/meeting\//, 'meetingId'],
  [/^POST \/contact\/\{contact_id\}\/relationship/, 'relationships'],
  [/^POST \/opportunity\/\{opportunity_id\}\/relationship/, 'relationships.opportunityContacts'],
];

export function fixtureOfStep(step: string): string | undefined {
  return STEP_FIXTURES.find(([re]) => re.test(step))?.[1];
}
