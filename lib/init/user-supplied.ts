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

export const USER_SUPPLIED: readonly UserItem[] = [
  { key: 'taskIds', what: '["<uuid of an existing task>"] (one is enough; it is patched, never archived)', unlocks: 'the task checks (task.patch.*, task.status.completed, record.task.attributes)' },
  { key: 'taskToArchive', what: 'uuid of a task made to be archived for good', unlocks: 'task.delete.archives' },
  { key: 'noteId', what: 'uuid of a note', unlocks: 'note.get.record, record.note.attributes and the note isolation check' },
  { key: 'meetingId', what: 'uuid of a meeting that has a transcript', unlocks: 'the meeting and transcript checks (meeting.*)' },
  { key: 'contactWithPhoneNumbersId', what: 'uuid of a contact with two phone items, one primary', unlocks: 'contact.phone-item.*, on a server that takes no contact_phone_numbers on create' },
  { key: 'accountWithDomains', what: '{ "id": "<uuid>", "primaryDomain": "…", "otherDomain": "…" } of an account with two domains', unlocks: 'the domain checks on a server that takes no domains on account create' },
  { key: 'customObject.attributes', what: 'a sample value for each writable attribute of the custom object, at least one free text', unlocks: 'the custom-object write checks (custom-object.*)' },
  { key: 'relationships.opportunityContacts', what: 'the relationship api_name linking an opportunity to contacts', unlocks: 'the opportunity relationship checks' },
  { key: 'relationships.contactOpportunities', what: 'the relationship api_name linking a contact to opportunities', unlocks: 'the contact-to-opportunity link checks' },
  { key: 'relationships.contactCustomObject', what: 'the relationship api_name linking a contact to a custom-object record', unlocks: 'the contact-to-custom-object link checks' },
  { key: 'relationships.customObject', what: 'a relationship api_name readable on the custom object', unlocks: 'the custom-object relationship read and pagination checks (pagination.*)' },
  { key: 'otherOrg', what: 'organization B\'s own contact stage and opportunity stage id (with --other-org-api-key)', unlocks: 'the isolation checks, when B refuses A\'s values' },
];
