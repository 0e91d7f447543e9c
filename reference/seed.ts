import { randomUUID } from 'node:crypto';
import type { Clock } from './clock.js';
import type { Edge, Org, SelectList, StoredRecord, User } from './model.js';
import { optionValue } from './select.js';
import type { Store } from './store.js';
import { userRef } from './write.js';
import { PROJECT_API_NAME } from './seed-org.js';

/** The ids of seeded records a suite needs (see fixtures.ts). */
export interface OrgSeed {
  contactWithPhoneNumbersId: string;
  accountWithDomains: { id: string; primaryDomain: string; otherDomain: string[] };
  /** an account whose domains are all given up (the cannot_remove_last_primary checks) */
  accountToGiveUp: { id: string; primaryDomain: string; otherDomain: string[] };
  opportunityId: string;
  /** the active task the task checks write */
  taskIds: string[];
  /** tasks of their own for the archive check, one per complete run (the fixtures list both) */
  tasksToArchive: string[];
  noteId: string;
  meetingId: string;
  meetingWithoutTranscriptId: string;
  projectId: string;
  /** a project with MANY_EDGES linked contacts */
  projectWithManyEdgesId: string;
}

export const SEEDED_TASKS = 3;
/** contacts linked to the seeded busy project: more than the default page of 50 */
export const MANY_EDGES = 55;
const HOUR = 3_600_000;

function stage(type: string, list: SelectList, apiName: string): Record<string, unknown> {
  const option = list.options.find((o) => o.api_name === apiName) ?? list.options[0];
  if (!option) throw new Error(`no option ${apiName}`);
  return optionValue(type, list, option);
}

/** How seeded records are made: each owned by the org's user and team, created now. */
interface Seeder {
  org: Org;
  owner: User;
  clock: Clock;
  put: (type: string, attrs: Record<string, unknown>, extra?: Partial<StoredRecord>) => StoredRecord;
  link: (a: StoredRecord, b: StoredRecord, throughType: string, attrs?: Record<string, unknown>) => Edge;
}

function seederOf(store: Store, clock: Clock, org: Org, owner: User): Seeder {
  const put = (type: string, attrs: Record<string, unknown>, extra: Partial<StoredRecord> = {}): StoredRecord => {
    const now = clock.now();
    return store.insert({
      id: randomUUID(),
      orgId: org.id,
      type,
      createdAt: now,
      updatedAt: now,
      ...extra,
      attrs: {
        created_by_user_id: userRef(owner),
        updated_by_user_id: userRef(owner),
        owner_user_id: userRef(owner),
        owner_team_id: { related_record_id: org.teamId, related_record_type: 'team' },
        participant_user_id_list: [userRef(owner)],
        ...attrs,
      },
    });
  };
  const link = (a: StoredRecord, b: StoredRecord, throughType: string, attrs: Record<string, unknown> = {}): Edge => {
    const now = clock.now();
    return store.addEdge({
      id: randomUUID(),
      orgId: org.id,
      a: { id: a.id, type: a.type },
      b: { id: b.id, type: b.type },
      throughType,
      attrs,
      createdAt: now,
      updatedAt: now,
    });
  };
  return { org, owner, clock, put, link };
}

/** Seeds one organization's records, owned by `owner`. */
export function seedOrg(store: Store, clock: Clock, org: Org, owner: User): OrgSeed {
  const s = seederOf(store, clock, org, owner);
  const { acme, jane, deal } = seedAcme(s);
  const spare = seedSpare(s);
  const taskIds = Array.from({ length: SEEDED_TASKS }, (_, i) => seedTask(s, i).id);
  const note = seedNote(s);
  const withTranscript = seedMeeting(s, 'Acme demo', true);
  const withoutTranscript = seedMeeting(s, 'Acme check-in', false);
  const { project, busy } = seedProjects(s, jane);
  return {
    contactWithPhoneNumbersId: jane.id,
    // one given up per complete run (account.domain.delete, where the server takes no domains on create)
    accountWithDomains: {
      id: acme.id,
      primaryDomain: 'acme.example',
      otherDomain: ['acme-mail.example', 'acme-eu.example', 'acme-labs.example'],
    },
    accountToGiveUp: { id: spare.id, primaryDomain: 'spare.example', otherDomain: ['spare-mail.example'] },
    opportunityId: deal.id,
    taskIds: taskIds.slice(0, 1),
    tasksToArchive: taskIds.slice(1),
    noteId: note.id,
    meetingId: withTranscript.id,
    meetingWithoutTranscriptId: withoutTranscript.id,
    projectId: project.id,
    projectWithManyEdgesId: busy.id,
  };
}

/** An account no one needs, whose every domain may be removed. */
function seedSpare(s: Seeder): StoredRecord {
  return s.put('account', {
    display_name: `Spare Holdings (${s.org.name})`,
    domains: [
      { domain_name: 'spare.example', is_primary: true },
      { domain_name: 'spare-mail.example', is_primary: false },
    ],
    description: 'Seeded account whose domains the suite may all remove.',
    stage: stage('account_stage', s.org.accountStages, 'active'),
  });
}

/** An account with four domains, a contact on it with two phone items, and an opportunity of both. */
function seedAcme(s: Seeder): { acme: StoredRecord; jane: StoredRecord; deal: StoredRecord } {
  const { org, put, link, clock } = s;
  const [pipeline] = org.opportunityPipelines;
  if (!pipeline) throw new Error('org without pipelines');
  const acme = put('account', {
    display_name: `Acme Corporation (${org.name})`,
    domains: [
      { domain_name: 'acme.example', is_primary: true },
      { domain_name: 'acme-mail.example', is_primary: false },
      { domain_name: 'acme-eu.example', is_primary: false },
      { domain_name: 'acme-labs.example', is_primary: false },
    ],
    description: 'Seeded account with four domains.',
    official_website: 'https://acme.example',
    stage: stage('account_stage', org.accountStages, 'active'),
    estimated_annual_revenue: { amount: '12500000.00' },
    estimated_employee_count: 250,
  });
  const jane = put('contact', janeDoe(org, clock));
  link(jane, acme, 'contact_account', { role: 'Buyer', is_primary: true });
  const deal = put('opportunity', {
    display_name: 'Acme expansion',
    stage: stage('opportunity_stage', pipeline, 'proposal'),
    account_id: { related_record_id: acme.id, related_record_type: 'account' },
    primary_contact_id: { related_record_id: jane.id, related_record_type: 'contact' },
    amount: { amount: '50000.00' },
    stage_last_shifted_at: clock.now(),
  });
  link(jane, deal, 'contact_opportunity');
  return { acme, jane, deal };
}

/** The contact with two phone items, one primary, and every kind of value a contact holds. */
function janeDoe(org: Org, clock: Clock): Record<string, unknown> {
  return {
    display_name: 'Jane Doe',
    first_name: 'Jane',
    last_name: 'Doe',
    title: 'Head of Operations',
    primary_email: 'jane.doe@acme.example',
    primary_phone_number: '+1 555 0100',
    stage: stage('contact_stage', org.contactStages, 'lead'),
    contact_emails: [{ id: randomUUID(), email: 'jane.doe@acme.example', is_primary: true, labels: ['WORK'] }],
    contact_phone_numbers: [
      { id: randomUUID(), phone_number: '+1 555 0100', is_primary: true, labels: ['WORK'] },
      { id: randomUUID(), phone_number: '+1 555 0101', is_primary: false, labels: ['MOBILE'] },
    ],
    address: {
      street_one: '1 Main Street',
      street_two: '',
      city: 'Springfield',
      state: 'IL',
      country: 'US',
      zip_code: '62701',
    },
    created_source_form_submission_details: {
      form_submission_id: { related_record_id: randomUUID(), related_record_type: 'form_submission' },
      form_id: { related_record_id: randomUUID(), related_record_type: 'form' },
      source_event_occurred_at: clock.now() - 48 * HOUR,
      utm_campaign: 'spring',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_content: 'hero',
      utm_term: 'records',
    },
  };
}

function seedTask({ put, clock }: Seeder, i: number): StoredRecord {
  return put('task', {
    title: `Follow up #${i + 1}`,
    status: 'TODO',
    priority: 'MEDIUM',
    type: 'TODO',
    source_type: 'MANUAL',
    note: 'Seeded task.',
    due_at: clock.now() + (i + 1) * 24 * HOUR,
    is_private: false,
    disposition: null,
  });
}

function seedNote({ put, owner }: Seeder): StoredRecord {
  return put('note', {
    title: 'Kickoff notes',
    note_html: '<p>Discussed <strong>rollout</strong> &amp; next steps.</p><ul><li>Pilot</li></ul>',
    created_by_user_id: owner.id,
    updated_by_user_id: owner.id,
    deleted_by_user_id: null,
    deleted_at: null,
    is_private: false,
  });
}

function seedMeeting({ put, owner, clock }: Seeder, title: string, hasTranscript: boolean): StoredRecord {
  return put(
    'meeting',
    {
      title,
      description: 'Seeded meeting',
      location: 'Video call',
      agenda: 'Demo; questions',
      key_talking_points: 'Pricing',
      meeting_url: 'https://meet.example/abc-defg-hij',
      starts_at: clock.now() - 2 * HOUR,
      ends_at: clock.now() - HOUR,
      started_at: clock.now() - 2 * HOUR,
      ended_at: clock.now() - HOUR,
      meeting_created_at: clock.now() - 72 * HOUR,
      duration_seconds: 3600,
      meeting_status: 'COMPLETED',
      meeting_type: 'EXTERNAL',
      confirmation_state: 'CONFIRMED',
      meeting_platform: 'ZOOM',
      call_direction: 'OUTBOUND',
      manual_meeting_type: 'DEMO',
      origin_platform: 'GOOGLE_CALENDAR',
      meeting_bot_status: 'LEFT',
      processing_status: hasTranscript ? 'PROCESSED' : 'PENDING',
      is_recorded: hasTranscript,
      has_active_bot: false,
      is_sales_meeting: true,
      is_external_meeting: true,
      is_private: false,
      is_no_show: false,
      is_rescheduled: false,
      is_bot_enabled: true,
      meeting_participants: [
        { name: 'Ada Admin', email: 'ada@reference.example', rsvp_status: 'ACCEPTED', is_host: true },
        { name: 'Jane Doe', email: 'jane.doe@acme.example', rsvp_status: 'ACCEPTED', is_host: false },
      ],
      organizer_user_id: userRef(owner),
      organizer_contact_id: null,
      rescheduled_from_id: null,
      created_by_user_id: owner.id,
    },
    { hasTranscript },
  );
}

/**
 * Two projects (the custom object): one linked to the contact, and one with more edges than the default
 * page of 50, which a user names in the fixtures (customObject.recordWithManyEdgesId) so the
 * default-page check only reads it.
 */
function seedProjects(s: Seeder, jane: StoredRecord): { project: StoredRecord; busy: StoredRecord } {
  const { org, put, link, clock } = s;
  const projectDef = org.customObjects.find((c) => c.api_name === PROJECT_API_NAME);
  const priorities = projectDef?.attributes.find((a) => a.api_name === 'priority')?.selectList;
  const medium = priorities?.options.find((o) => o.api_name === 'medium');
  const project = put(PROJECT_API_NAME, {
    display_name: 'Sample project',
    external_key: 'PRJ-0001',
    budget: { amount: '15000.00' },
    kickoff_at: clock.now(),
    priority: priorities && medium ? optionValue('select', priorities, medium) : null,
    headcount: 4,
    is_active: true,
    summary: 'Seeded project.',
  });
  link(jane, project, `contact_${PROJECT_API_NAME}`);
  const busy = put(PROJECT_API_NAME, {
    display_name: 'Busy project',
    external_key: 'PRJ-0002',
    budget: null,
    kickoff_at: clock.now(),
    priority: null,
    headcount: MANY_EDGES,
    is_active: true,
    summary: 'Seeded project with many contacts.',
  });
  for (let i = 1; i <= MANY_EDGES; i++) {
    const member = put('contact', {
      display_name: `Member ${i}`,
      first_name: 'Member',
      last_name: String(i),
      stage: stage('contact_stage', org.contactStages, 'lead'),
      contact_emails: [],
      contact_phone_numbers: [],
    });
    link(member, busy, `contact_${PROJECT_API_NAME}`);
  }
  return { project, busy };
}
