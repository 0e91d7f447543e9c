/**
 * What each thing a user supplies is, and how to get it: the fixtures keys and the flags a run may
 * lack. Reports say it beside the checks each unlocks ("To complete this run"); `init` says it for
 * what the server's discovery answers cannot give. One table, so every output says the same.
 */
export interface Supply {
  /** what the value is */
  what: string;
  /** how to get it: from `init`, or whom to ask */
  how: string;
}

const INIT = 'npx conformance init reads it from the discovery answers';
const ASK_TASKS =
  "the API cannot list or create tasks: ask the server's operator for one task id to write to (taskIds), and one to give up (taskToArchive) per complete run";

export const FIXTURE_GUIDE: Readonly<Record<string, Supply>> = {
  'contact.stage': { what: 'a contact stage api_name valid on create', how: `${INIT} (GET /_schema/contact)` },
  'contact.stageDisplayName': { what: 'the display name of contact.stage', how: `${INIT} (GET /_schema/contact)` },
  'contact.otherStage': { what: 'another contact stage api_name', how: `${INIT} (GET /_schema/contact)` },
  'contact.createAttributes': {
    what: 'a value for each contact create field the workspace requires beyond stage',
    how: `${INIT}; a field it cannot fill (no listed value) only the workspace's admin can tell`,
  },
  'opportunity.stageId': {
    what: 'the uuid of an opportunity stage option whose name is in one select list only',
    how: `${INIT} (GET /_schema/opportunity, where served); else ask the server's operator`,
  },
  'opportunity.stageSelectListId': {
    what: 'the uuid of the select list holding opportunity.stageId',
    how: `${INIT}; else ask the server's operator`,
  },
  'opportunity.sharedStageName': {
    what: 'an option api_name present in two opportunity stage select lists',
    how: `${INIT}; a workspace with one pipeline has none (ask the operator for a second pipeline)`,
  },
  'account.stage': {
    what: 'an account stage api_name',
    how: `${INIT} (GET /_schema/account, where served); else ask the server's operator`,
  },
  taskIds: { what: 'an existing task the suite patches and puts back (never archived)', how: ASK_TASKS },
  taskToArchive: {
    what: 'tasks the suite may archive for good, a list: the first not yet archived is used, one per complete run',
    how: ASK_TASKS,
  },
  noteId: {
    what: 'an existing note (read only)',
    how: "the API cannot list notes: ask the server's operator for one note id",
  },
  meetingId: {
    what: 'an existing meeting with a transcript (read; refused writes put back)',
    how: "the API cannot list meetings: ask the server's operator for one meeting id that has a transcript",
  },
  contactWithPhoneNumbersId: {
    what: 'a contact with two phone items, one primary (only on a server that takes no phone numbers on create)',
    how: "ask the server's operator, or make one in the product",
  },
  accountWithDomains: {
    what: 'an account with a primary domain and other domains to give up, a list: one per complete run (only on a server that takes no domains on account create)',
    how: "ask the server's operator, or make one in the product",
  },
  'customObject.apiName': {
    what: 'a custom object api_name (cus_obj__…)',
    how: `${INIT} (GET /_organization_schema_summary)`,
  },
  'customObject.matchField': { what: 'the attribute upserts match on', how: `${INIT} (an attribute marked unique)` },
  'customObject.attributes': {
    what: 'a sample value for each writable attribute, at least one free text (string or long_text)',
    how: `${INIT} (the custom object's attributes, where the summary lists them); else the workspace's admin`,
  },
  'customObject.recordWithManyEdgesId': {
    what: 'a custom-object record with more than 50 edges under relationships.customObject',
    how: "ask the server's operator (optional: without it the check links 51 contacts of its own)",
  },
  relationships: {
    what: "the workspace's relationship api_names",
    how: `${INIT} (relationships listed by the discovery answers); else the workspace's admin`,
  },
  otherOrg: {
    what: "organization B's own contact stage, required fields and opportunity stage",
    how: "npx conformance init --other-org-api-key reads them with B's key",
  },
  '--other-org-api-key': {
    what: 'a key of a second organization (CONFORMANCE_OTHER_ORG_API_KEY)',
    how: "ask the server's operator for a key of another organization: the isolation checks",
  },
  '--read-only-api-key': {
    what: 'a key of organization A that may read but not write (CONFORMANCE_READ_ONLY_API_KEY)',
    how: "ask the server's operator for a read-only key: the 403 checks",
  },
  '--read-only': {
    what: 'this run sent no write (--read-only)',
    how: 'run without --read-only against a server where the suite may write (a staging server)',
  },
};

/** The guide entry of a key: its own, or its nearest parent's (`relationships.customObject` → `relationships`). */
export function supplyOf(key: string): Supply | undefined {
  const parts = key.replace(/\[\d+\]$/, '').split('.');
  for (let n = parts.length; n > 0; n--) {
    const entry = FIXTURE_GUIDE[parts.slice(0, n).join('.')];
    if (entry) return entry;
  }
  return undefined;
}
