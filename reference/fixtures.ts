import type { Fixtures } from '../lib/target/fixtures.js';
import type { Org } from './model.js';
import type { ReferenceKeys } from './options.js';
import type { OrgSeed } from './seed.js';
import { PROJECT_OBJECT } from './seed-org.js';

/** A complete fixtures object for org A, so every check of the suite can run. */
export function buildFixtures(baseUrl: string, keys: ReferenceKeys, org: Org, seed: OrgSeed): Fixtures {
  const [pipeline] = org.opportunityPipelines;
  const proposal = pipeline?.options.find((o) => o.api_name === 'proposal');
  const [lead, qualified] = org.contactStages.options;
  return {
    baseUrl,
    apiKey: keys.apiKey,
    otherOrgApiKey: keys.otherOrgApiKey,
    readOnlyApiKey: keys.readOnlyApiKey,
    contact: {
      stage: lead?.api_name ?? 'lead',
      otherStage: qualified?.api_name ?? 'qualified',
      stageDisplayName: lead?.display_name ?? 'Lead',
    },
    opportunity: {
      stageId: proposal?.id ?? '',
      stageSelectListId: pipeline?.id ?? '',
      sharedStageName: 'discovery',
    },
    taskIds: [...seed.taskIds],
    noteId: seed.noteId,
    meetingId: seed.meetingId,
    contactWithPhoneNumbersId: seed.contactWithPhoneNumbersId,
    accountWithDomains: { ...seed.accountWithDomains },
    customObject: {
      apiName: PROJECT_OBJECT.api_name,
      matchField: 'external_key',
      attributes: { display_name: 'Sample project', budget: { amount: '1250.00' } },
    },
    relationships: {
      contactAccounts: 'accounts',
      contactOpportunities: 'opportunities',
      opportunityContacts: 'contacts',
      contactCustomObject: PROJECT_OBJECT.api_name,
      customObject: 'contacts',
    },
  };
}
