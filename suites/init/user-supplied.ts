import type { Fixtures } from '../../fixtures/fixtures-file.js';

/**
 * What only the user can give: the spec states no list or search endpoint and no create for tasks,
 * notes and meetings, and relationship api_names are the workspace's own. Each with what it is and
 * the checks it unlocks (they skip, naming the key, without it).
 */
export interface UserItem {
  key: string;
  what: string;
  unlocks: string;
}

const item = (key: string, what: string, unlocks: string): UserItem => ({ key, what, unlocks });

export const USER_SUPPLIED: readonly UserItem[] = [
  item(
    'taskIds',
    '["<uuid of an existing task>"] (one is enough; it is patched, never archived)',
    'the task checks (task.patch.*, task.status.completed, record.task.attributes)',
  ),
  item(
    'taskToArchive',
    '["<uuid>", "<uuid>", …] tasks made to be archived for good, several: each complete run archives the first not yet archived (the console warns when the last is used)',
    'task.delete.archives and the refused DELETEs of the 403 and isolation checks',
  ),
  item('noteId', 'uuid of a note', 'note.get.record, record.note.attributes and the note isolation check'),
  item('meetingId', 'uuid of a meeting that has a transcript', 'the meeting and transcript checks (meeting.*)'),
  item(
    'contactWithPhoneNumbersId',
    'uuid of a contact with two phone items, one primary',
    'contact.phone-item.*, on a server that takes no contact_phone_numbers on create',
  ),
  item(
    'accountWithDomains',
    '{ "id": "<uuid>", "primaryDomain": "…", "otherDomain": ["…", "…"] } of an account with a primary domain and others to give up, one per complete run',
    'the domain checks, on a server that takes no domains on account create',
  ),
  item(
    'accountToGiveUp',
    '{ "id": "<uuid>", "primaryDomain": "…", "otherDomain": ["…"] } of an account whose every domain may be lost, the primary one too',
    'account.domain.last-primary and account.domain.last-primary-of-several, on a server that takes no domains on account create',
  ),
  item(
    'customObject.attributes',
    'a sample value for each writable attribute of the custom object, at least one free text',
    'the custom-object write checks (custom-object.*)',
  ),
  item(
    'customObject.recordWithManyEdgesId',
    'uuid of a custom-object record with more than 50 edges under relationships.customObject',
    'pagination.page-size-default without linking 51 new contacts per run (the API cannot archive them)',
  ),
  item(
    'relationships.opportunityContacts',
    'the relationship api_name linking an opportunity to contacts',
    'the opportunity relationship checks',
  ),
  item(
    'relationships.contactOpportunities',
    'the relationship api_name linking a contact to opportunities',
    'the contact-to-opportunity link checks',
  ),
  item(
    'relationships.contactCustomObject',
    'the relationship api_name linking a contact to a custom-object record',
    'the contact-to-custom-object link checks',
  ),
  item(
    'relationships.customObject',
    'a relationship api_name readable on the custom object',
    'the custom-object relationship read and pagination checks (pagination.*)',
  ),
  item(
    'otherOrg',
    "organization B's own contact stage, opportunity stage id and custom object api_name (with --other-org-api-key)",
    "the isolation checks, when B refuses A's values or its schema summary names no custom object",
  ),
];

/** What a draft still lacks of what only the user can give: the items whose key the draft does not hold. */
export function stillToSupply(draft: Fixtures): UserItem[] {
  const has = (key: string) =>
    key
      .split('.')
      .reduce<unknown>(
        (o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
        draft,
      ) !== undefined;
  return USER_SUPPLIED.filter((u) => {
    if (u.key.startsWith('customObject.') && draft.customObject === undefined) return false;
    return !has(u.key);
  });
}
