import { valueOf } from '../spec/record.js';
import { show } from '../../lib/check/show.js';
import { phonePair } from '../steps/phone-item.js';
import { domainNames } from '../steps/account.js';
import { tasksToArchive } from '../../fixtures/fixtures-file.js';
import { pickOtherDomain, pickTaskToArchive } from './given-up.js';
import { conformingRecord, type Findings, type FixtureCheck } from './fixture-findings.js';

/**
 * The fixtures that name records the checks read or write, each checked by a read of its own (or, where
 * no read is stated, by a request the spec says must be refused): a record the server does not have is
 * the user's mistake. Independent of one another: their requests go out at once.
 */

export async function noteFixture({ api, target }: FixtureCheck, found: Findings): Promise<void> {
  const id = target.fixtures.noteId;
  if (id === undefined) return;
  const ex = await api.get(`/note/${id}`);
  if (ex.response?.status === 404) found.missing('noteId', ex, 'name a note that exists (or leave noteId out)');
  else found.checked.push('noteId');
}

export async function meetingFixture({ api, target }: FixtureCheck, found: Findings): Promise<void> {
  const id = target.fixtures.meetingId;
  if (id === undefined) return;
  // both at once: the transcript's answer is read only once the meeting's shows the meeting exists
  const [ex, transcript] = await Promise.all([api.get(`/meeting/${id}`), api.get(`/meeting/${id}/transcript`)]);
  if (ex.response?.status === 404) {
    found.missing('meetingId', ex, 'name a meeting that exists (or leave meetingId out)');
    return;
  }
  if (transcript.response?.status === 404)
    found.missing('meetingId', transcript, 'name a meeting that has a transcript');
  else found.checked.push('meetingId');
}

export async function phoneContactFixture({ api, target }: FixtureCheck, found: Findings): Promise<void> {
  const id = target.fixtures.contactWithPhoneNumbersId;
  if (id === undefined) return;
  const ex = await api.get(`/contact/${id}`);
  // a contact whose shape breaks the spec is the server's deviation, which the checks report:
  // only a contact as the spec shapes it can show that the user named the wrong one
  const contact = conformingRecord(ex, 'contact');
  if (ex.response?.status === 404)
    found.missing('contactWithPhoneNumbersId', ex, 'name a contact that exists (or leave the key out)');
  else if (contact && !phonePair(contact)) {
    found.mistakes.push(
      `fixtures: contactWithPhoneNumbersId: the contact has contact_phone_numbers ${show(contact.attributes['contact_phone_numbers'])}; name a contact with at least two phone items, one of them primary`,
    );
  } else found.checked.push('contactWithPhoneNumbersId');
}

export async function taskFixture({ api, target }: FixtureCheck, found: Findings): Promise<void> {
  // only the first task is used (every task check writes it, taking turns)
  const task = target.fixtures.taskIds?.[0];
  if (task === undefined) return;
  const read = conformingRecord(await api.get(`/task/${task}`), 'task', task);
  const archived = read ? valueOf(read, 'archived_at') : undefined;
  if (archived !== null && archived !== undefined) {
    found.mistakes.push(
      `fixtures: taskIds[0]: task ${task} is archived (archived_at ${show(archived)}); name an active task (taskToArchive names the one the archive check may archive)`,
    );
  } else if (read) found.checked.push('taskIds');
  else if (!target.readOnly) {
    // no task read is stated: a PATCH the spec says must be refused (422) tells whether the task exists
    const probe = await api.patch(`/task/${task}`, { attributes: {} });
    if (probe.response?.status === 404)
      found.missing('taskIds[0]', probe, 'name a task that exists and is not archived');
    else found.checked.push('taskIds');
  }
}

export async function taskToArchiveFixture({ api, target, preflight }: FixtureCheck, found: Findings): Promise<void> {
  const f = target.fixtures;
  const overlap = tasksToArchive(f).filter((t) => f.taskIds?.includes(t));
  if (overlap.length > 0) {
    found.mistakes.push(
      `fixtures: taskToArchive: ${overlap.join(', ')} ${overlap.length === 1 ? 'is' : 'are'} also in taskIds; the archive check needs a task no other check writes`,
    );
    return;
  }
  // one per complete run: the first an earlier run has not archived
  const pick = await pickTaskToArchive(api, f);
  if (pick) {
    preflight.givenUp = { ...preflight.givenUp, taskToArchive: pick };
    if (pick.seen) found.checked.push('taskToArchive');
  }
}

export async function domainsFixture({ api, target, preflight }: FixtureCheck, found: Findings): Promise<void> {
  const domains = target.fixtures.accountWithDomains;
  if (domains?.id === undefined || domains.primaryDomain === undefined) return;
  // the account read is not a stated route: only an answer showing the account can tell
  const account = conformingRecord(await api.get(`/account/${domains.id}`), 'account', domains.id);
  const pick = pickOtherDomain(target.fixtures, account);
  if (pick) preflight.givenUp = { ...preflight.givenUp, otherDomain: pick };
  if (account && !domainNames(account).includes(domains.primaryDomain.toLowerCase())) {
    found.mistakes.push(
      `fixtures: accountWithDomains.primaryDomain: account ${domains.id} shows domains ${show(domainNames(account))}, not ${show(domains.primaryDomain)}; name one of its domains`,
    );
  } else if (account) found.checked.push('accountWithDomains');
}

/** Read only: the default-page check reads this record, and needs more than 50 edges on it. */
export async function manyEdgesFixture({ api, target }: FixtureCheck, found: Findings): Promise<void> {
  const co = target.fixtures.customObject;
  const rel = target.fixtures.relationships?.customObject;
  const id = co?.recordWithManyEdgesId;
  if (id === undefined || co?.apiName === undefined || rel === undefined) return;
  const ex = await api.get(`/${co.apiName}/${id}/relationship/${rel}`, { query: { page_size: 50 } });
  const page = ex.response?.json as { items?: unknown; next_cursor?: unknown } | undefined;
  const status = ex.response?.status ?? 0;
  const items = status >= 200 && status <= 299 && Array.isArray(page?.items) ? (page.items as unknown[]) : undefined;
  if (status === 404)
    found.missing(
      'customObject.recordWithManyEdgesId',
      ex,
      'name a record of the custom object (or leave the key out)',
    );
  else if (items && page?.next_cursor === null && items.length <= 50) {
    found.mistakes.push(
      `fixtures: customObject.recordWithManyEdgesId: record ${id} shows ${items.length} edges under ${rel} (a page_size=50 read ended there); name one with more than 50, or leave the key out`,
    );
  } else if (items) found.checked.push('customObject.recordWithManyEdgesId');
  // any other answer (no answer, a refusal) tells nothing about the record: the check itself meets it
}
