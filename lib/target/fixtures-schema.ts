import { API_NAME_PATTERN, CUSTOM_OBJECT_API_NAME_PATTERN } from './identifiers.js';

/**
 * The fixtures file's schema. `additionalProperties: false` everywhere a key set is fixed: the
 * loader turns those findings into warnings (an unknown key is most likely a typo), the rest into errors.
 */
const uuid = { type: 'string', format: 'uuid' } as const;
const str = { type: 'string', minLength: 1 } as const;
/** a name that goes into a request path: the safe characters only (lib/target/identifiers.ts) */
const apiName = { type: 'string', pattern: API_NAME_PATTERN } as const;

export const FIXTURES_SCHEMA = {
  $id: 'https://pra.invalid/schemas/config/fixtures',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    baseUrl: { type: 'string', pattern: '^https?://' },
    apiKey: str,
    otherOrgApiKey: str,
    readOnlyApiKey: str,
    contact: {
      type: 'object',
      additionalProperties: false,
      properties: { stage: str, otherStage: str, stageDisplayName: str, createAttributes: { type: 'object' } },
    },
    opportunity: {
      type: 'object',
      additionalProperties: false,
      properties: { stageId: uuid, stageSelectListId: uuid, sharedStageName: str },
    },
    account: { type: 'object', additionalProperties: false, properties: { stage: str } },
    taskIds: { type: 'array', items: uuid },
    // a list: one per complete run (the first not yet archived is used); a single uuid is a list of one
    taskToArchive: { anyOf: [uuid, { type: 'array', items: uuid, minItems: 1 }] },
    noteId: uuid,
    meetingId: uuid,
    contactWithPhoneNumbersId: uuid,
    accountWithDomains: {
      type: 'object',
      additionalProperties: false,
      properties: {
        id: uuid,
        primaryDomain: str,
        otherDomain: { anyOf: [str, { type: 'array', items: str, minItems: 1 }] },
      },
    },
    customObject: {
      type: 'object',
      additionalProperties: false,
      properties: {
        apiName: { type: 'string', pattern: CUSTOM_OBJECT_API_NAME_PATTERN },
        matchField: str,
        attributes: { type: 'object' },
        recordWithManyEdgesId: uuid,
      },
    },
    // organization B (--other-org-api-key) is another workspace: its stages and required fields are its own
    otherOrg: {
      type: 'object',
      additionalProperties: false,
      properties: {
        contact: {
          type: 'object',
          additionalProperties: false,
          properties: { stage: str, createAttributes: { type: 'object' } },
        },
        opportunity: { type: 'object', additionalProperties: false, properties: { stageId: uuid } },
      },
    },
    relationships: {
      type: 'object',
      additionalProperties: false,
      properties: {
        contactAccounts: apiName,
        contactOpportunities: apiName,
        opportunityContacts: apiName,
        contactCustomObject: apiName,
        customObject: apiName,
      },
    },
  },
} as const;
