import type { Fixtures } from '../fixtures/fixtures-file.js';
import type { Org } from './model.js';
import type { ReferenceKeys } from './options.js';
import type { OrgSeed } from './seed.js';
import { PROJECT_API_NAME } from './seed-org.js';

/** Which fixtures file the reference hands out: everything it has, or what a typical user writes. */
export type FixturesSet = 'full' | 'sparse';

/**
 * A fixtures object for org A (and, given `other`, organization B's own values under `otherOrg`).
 * `full`: every key, so every check of the suite runs. `sparse`: the
 * sparsest file a user typically writes (README, "The fixtures file"): one task, no task to archive,
 * a custom object whose samples are a select, a number and a boolean (no free-text attribute), and
 * none of the optional keys; the checks that need a missing key skip, naming it.
 */
export function buildFixtures(
  baseUrl: string,
  keys: ReferenceKeys,
  org: Org,
  seed: OrgSeed,
  set: FixturesSet = 'full',
  other?: Org,
): Fixtures {
  const common = {
    baseUrl,
    apiKey: keys.apiKey,
    otherOrgApiKey: keys.otherOrgApiKey,
    readOnlyApiKey: keys.readOnlyApiKey,
  };
  if (set === 'sparse') return { ...common, ...sparseFixtures(org, seed) };
  return { ...common, ...fullFixtures(org, seed), ...(other ? { otherOrg: otherOrgFixtures(other) } : {}) };
}

/** The custom object's samples that are no free text: a select, a number and a boolean. */
const TYPED_SAMPLES = { priority: 'high', headcount: 12, is_active: true };

/** The sparsest file a user typically writes. */
function sparseFixtures(org: Org, seed: OrgSeed): Fixtures {
  const [pipeline] = org.opportunityPipelines;
  const proposal = pipeline?.options.find((o) => o.api_name === 'proposal');
  const [lead] = org.contactStages.options;
  return {
    contact: { stage: lead?.api_name ?? 'lead' },
    opportunity: { stageId: proposal?.id ?? '' },
    taskIds: seed.taskIds.slice(0, 1),
    noteId: seed.noteId,
    meetingId: seed.meetingId,
    customObject: { apiName: PROJECT_API_NAME, matchField: 'external_key', attributes: TYPED_SAMPLES },
    relationships: {
      opportunityContacts: 'contacts',
      contactCustomObject: PROJECT_API_NAME,
      customObject: 'contacts',
    },
  };
}

/** Every key, so every check of the suite runs. */
function fullFixtures(org: Org, seed: OrgSeed): Fixtures {
  const [pipeline] = org.opportunityPipelines;
  const proposal = pipeline?.options.find((o) => o.api_name === 'proposal');
  const [lead, qualified] = org.contactStages.options;
  return {
    contact: {
      stage: lead?.api_name ?? 'lead',
      otherStage: qualified?.api_name ?? 'qualified',
      stageDisplayName: lead?.display_name ?? 'Lead',
    },
    account: { stage: 'prospect' },
    opportunity: {
      stageId: proposal?.id ?? '',
      stageSelectListId: pipeline?.id ?? '',
      sharedStageName: 'discovery',
    },
    taskIds: seed.taskIds.slice(0, 1),
    // a list: two complete runs in a row against one server each give one up
    taskToArchive: seed.tasksToArchive,
    noteId: seed.noteId,
    meetingId: seed.meetingId,
    contactWithPhoneNumbersId: seed.contactWithPhoneNumbersId,
    accountWithDomains: { ...seed.accountWithDomains, otherDomain: [...seed.accountWithDomains.otherDomain] },
    accountToGiveUp: { ...seed.accountToGiveUp, otherDomain: [...seed.accountToGiveUp.otherDomain] },
    customObject: {
      apiName: PROJECT_API_NAME,
      matchField: 'external_key',
      attributes: {
        display_name: 'Sample project',
        budget: { amount: '1250.00' },
        ...TYPED_SAMPLES,
        summary: 'Sample summary',
      },
      recordWithManyEdgesId: seed.projectWithManyEdgesId,
    },
    relationships: {
      contactAccounts: 'accounts',
      contactOpportunities: 'opportunities',
      opportunityContacts: 'contacts',
      contactCustomObject: PROJECT_API_NAME,
      customObject: 'contacts',
    },
  };
}

/**
 * Organization B's own values (init drafts them with --other-org-api-key): its first contact stage,
 * its proposal stage, its custom object (its own name where a variation or fault gave it one).
 */
function otherOrgFixtures(org: Org): NonNullable<Fixtures['otherOrg']> {
  const [pipeline] = org.opportunityPipelines;
  const proposal = pipeline?.options.find((o) => o.api_name.endsWith('proposal'));
  const [lead] = org.contactStages.options;
  const [own] = org.customObjects;
  return {
    contact: { stage: lead?.api_name ?? 'lead' },
    ...(proposal ? { opportunity: { stageId: proposal.id } } : {}),
    ...(own ? { customObject: { apiName: own.api_name } } : {}),
  };
}
