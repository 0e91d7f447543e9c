import { randomUUID } from 'node:crypto';
import { check, group } from '../lib/check/check.js';
import { NonConformance } from '../lib/check/non-conformance.js';
import { recordViolations } from './spec/record-violations.js';
import type { RuleId } from './spec/rules/catalogue.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Exchange } from '../lib/http/exchange.js';
import type { RecordKind } from './spec/schemas/index.js';
import { contactCreated, contactForProbes, contactPatched, contactRead, contactToRead } from './steps/contact.js';
import { type ApiRecord } from './spec/record.js';
import { show } from '../lib/check/show.js';
import { tagged } from '../fixtures/builders/tag.js';
import { customObject, customObjectUpserted } from './steps/custom-object.js';
import { opportunityAccountCreated, opportunityCreated } from './steps/opportunity.js';
import { meetingRead, noteRead } from './steps/note-meeting.js';
import { takeTask } from './steps/task.js';
import { phoneContactRead } from './steps/phone-item.js';
import { otherOrgContact } from './steps/other-organization.js';

// record.envelope / record.record-type: "Single-record responses are `{ data: <record> }`" with
// id, created_at, updated_at, attributes and record_type, the last naming the record's type.

interface Producer {
  endpoint: string;
  kind: RecordKind;
  /** the record_type the response must carry */
  recordType: (c: CheckContext) => string;
  /**
   * the answer to judge: one the run sends once and every check of that operation's answer judges
   * (a run-scoped set-up), or, for the task patch, one of the check's own
   */
  send: (c: CheckContext) => Promise<Exchange>;
}

const PRODUCERS: Producer[] = [
  {
    endpoint: 'POST /contact',
    kind: 'contact',
    recordType: () => 'contact',
    send: async (c) => (await contactCreated(c)).ex,
  },
  {
    endpoint: 'GET /contact/{contact_id}',
    kind: 'contact',
    recordType: () => 'contact',
    send: (c) => contactRead(c),
  },
  {
    endpoint: 'PATCH /contact/{contact_id}',
    kind: 'contact',
    recordType: () => 'contact',
    send: async (c) => (await contactPatched(c)).ex,
  },
  {
    endpoint: 'POST /account',
    kind: 'account',
    recordType: () => 'account',
    send: async (c) => (await opportunityAccountCreated(c)).ex,
  },
  {
    endpoint: 'POST /opportunity',
    kind: 'opportunity',
    recordType: () => 'opportunity',
    send: async (c) => (await opportunityCreated(c)).ex,
  },
  {
    endpoint: 'GET /note/{note_id}',
    kind: 'note',
    recordType: () => 'note',
    send: (c) => noteRead(c),
  },
  {
    endpoint: 'GET /meeting/{meeting_id}',
    kind: 'meeting',
    recordType: () => 'meeting',
    send: (c) => meetingRead(c),
  },
  {
    endpoint: 'POST /{custom_object_api_name}/_upsert',
    kind: 'custom-object',
    recordType: (c) => customObject(c).apiName,
    send: async (c) => (await customObjectUpserted(c)).ex,
  },
];

/**
 * A task patch of the fixtures' task (held until the check ends): disposition is the one field the spec calls
 * patchable.
 */
function taskProducer(): Producer {
  return {
    endpoint: 'PATCH /task/{task_id}',
    kind: 'task',
    recordType: () => 'task',
    send: async (c) =>
      c.api.patch(`/task/${await takeTask(c)}`, {
        attributes: { disposition: tagged(`Envelope ${c.faker.string.alphanumeric(6)}`, c.runId) },
      }),
  };
}

/**
 * The `{ data: record }` body breaks nothing filed under `rule`. The record validation files each
 * problem under the rule it breaks (envelope, typed value, value shape, attribute type); a check
 * fails only on its own rule's problems, which the other record checks leave to their own checks.
 */
function expectRecordRule(c: CheckContext, ex: Exchange, kind: RecordKind, rule: RuleId): void {
  c.expect(ex).data(); // no { data: record } at all breaks record.envelope, whatever the check
  const v = recordViolations(kind, ex.response?.json).find((x) => x.rule === rule);
  if (v) throw new NonConformance(v, ex);
}

/** The answer is 2xx: the producing operation's own checks judge its status. */
function produced(c: CheckContext, ex: Exchange, p: Producer) {
  return c.setup(ex, p.endpoint);
}

group('Records › envelope', () => {
  for (const p of [...PRODUCERS, taskProducer()]) {
    check(
      'record.envelope',
      `${p.endpoint} answers { data: ${p.kind} record } with id, created_at, updated_at, attributes, record_type`,
      async (c) => {
        const ex = await p.send(c);
        produced(c, ex, p);
        expectRecordRule(c, ex, p.kind, 'record.envelope');
      },
      { endpoint: p.endpoint },
    );
  }
});

group('Records › record_type', () => {
  for (const p of [...PRODUCERS, taskProducer()]) {
    check(
      'record.record-type',
      `${p.endpoint} answers a record whose record_type names its type`,
      async (c) => {
        const ex = await p.send(c);
        produced(c, ex, p);
        const e = c.expect(ex);
        const want = p.recordType(c);
        const got = e.data().record_type;
        if (got !== want) e.fail(`record_type ${show(want)}`, `record_type ${show(got)}`);
      },
      { endpoint: p.endpoint },
    );
  }
});

group('Records › typed values', () => {
  const reads: Array<[string, RecordKind, string, (c: CheckContext) => Promise<Exchange>]> = [
    ['GET /contact/{contact_id}', 'contact', 'a created contact', (c) => contactRead(c)],
    ['GET /contact/{contact_id}', 'contact', 'a contact with phone items', (c) => phoneContactRead(c)],
    ['GET /meeting/{meeting_id}', 'meeting', 'the fixture meeting', (c) => meetingRead(c)],
  ];
  /** The check of one typed-value rule on one read. */
  const onlyRule =
    (
      rule: 'value.typed' | 'value.shape',
      endpoint: string,
      kind: RecordKind,
      send: (c: CheckContext) => Promise<Exchange>,
    ) =>
    async (c: CheckContext) => {
      const ex = await send(c);
      c.setup(ex, endpoint);
      expectRecordRule(c, ex, kind, rule);
      const r = c.expect(ex).data();
      // a record without any attribute would make both rules vacuous
      if (Object.keys(r.attributes).length === 0) c.expect(ex).fail('a record with attributes', 'attributes {}', rule);
    };
  for (const [endpoint, kind, label, send] of reads) {
    check(
      'value.typed',
      `${endpoint} (${label}): every attribute is { value, value_type } or an array of them`,
      onlyRule('value.typed', endpoint, kind, send),
      { endpoint },
    );
    check(
      'value.shape',
      `${endpoint} (${label}): every attribute has its value_type's shape`,
      onlyRule('value.shape', endpoint, kind, send),
      { endpoint },
    );
  }
});

// record.organization-scoped: "Every record is scoped to the caller's organization (`organization_id` attribute)."

function organizationOf(r: ApiRecord): { value: unknown; value_type: unknown } | undefined {
  const a = r.attributes['organization_id'];
  return a && !Array.isArray(a) ? { value: a.value, value_type: a.value_type } : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

group('Records › organization', () => {
  check(
    'record.organization-scoped',
    'a read contact carries organization_id as a uuid-typed value',
    async (c) => {
      const e = c.expect(await contactRead(c)).success();
      const org = organizationOf(e.data());
      if (!org || org.value_type !== 'uuid' || typeof org.value !== 'string' || !UUID.test(org.value)) {
        e.fail(
          'organization_id { value: <uuid>, value_type: "uuid" }',
          `organization_id ${show(e.data().attributes['organization_id'])}`,
        );
      }
    },
    { endpoint: 'GET /contact/{contact_id}' },
  );

  // two contacts of the run: the one the checks read (read back) and the one probes go to (as created)
  check(
    'record.organization-scoped',
    'records of one organization carry the same organization_id',
    async (c) => {
      const e = c.expect(await contactRead(c)).success();
      const [a, b] = [e.data(), await contactForProbes(c)];
      const [oa, ob] = [organizationOf(a)?.value, organizationOf(b)?.value];
      if (typeof oa !== 'string' || oa !== ob)
        e.fail('the same organization_id on two contacts of the caller', `${show(oa)} and ${show(ob)}`);
    },
    { endpoint: 'GET /contact/{contact_id}' },
  );

  check(
    'record.organization-scoped',
    'a contact created by another organization carries a different organization_id',
    async (c) => {
      c.needKey('otherOrgApiKey');
      const mine = c.setup(await contactRead(c), 'GET /contact/{contact_id}').data();
      // organization B's contact with B's own stage and required fields (fixtures otherOrg.contact), as created
      const theirs = await otherOrgContact(c);
      const e = c.expect(c.last());
      const [oa, ob] = [organizationOf(mine)?.value, organizationOf(theirs)?.value];
      if (typeof oa !== 'string' || typeof ob !== 'string')
        e.fail('organization_id on both contacts', `${show(oa)} and ${show(ob)}`);
      if (oa === ob) e.fail('two organizations, two organization_id values', `both ${show(oa)}`);
    },
    { endpoint: 'POST /contact' },
  );
});

// "Every record is scoped to the caller's organization": a write cannot move a record out of it. The
// probe goes to the run's contact for refused patches (one request and a read); organization_id names
// an organization that is none of the run's, so a server that takes it loses the contact.
group("Records › organization_id is not the client's to write", () => {
  check(
    'record.organization-scoped',
    "a contact patch naming another organization_id leaves the contact in the caller's organization (refused, or the field ignored)",
    async (c) => {
      const mine = organizationOf(await contactToRead(c))?.value;
      if (typeof mine !== 'string') c.block('POST /contact', 'a contact without organization_id');
      const probe = await contactForProbes(c);
      const e = c.expect(await c.api.patch(`/contact/${probe.id}`, { attributes: { organization_id: randomUUID() } }));
      if (e.response.status >= 400) e.rejected();
      else e.success();
      const read = c.expect(await c.api.get(`/contact/${probe.id}`)).success();
      const now = organizationOf(read.data())?.value;
      if (now !== mine)
        read.fail(`organization_id ${show(mine)}, the caller's, after the patch`, `organization_id ${show(now)}`);
    },
    { endpoint: 'PATCH /contact/{contact_id}' },
  );
});

// Every record type the suite reads or writes carries organization_id, the caller's. The custom-object
// record's attributes are listed apart ("id, created_at, updated_at, display_name, and
// workspace-defined attributes") without organization_id: it may lack it (the rule's `accepts`), and
// where it carries one, that is the caller's.
group('Records › organization of every record type', () => {
  for (const p of [...PRODUCERS, taskProducer()]) {
    const optional = p.kind === 'custom-object';
    check(
      'record.organization-scoped',
      optional
        ? `${p.endpoint} answers a ${p.kind} record whose organization_id, where it carries one, is the caller's organization`
        : `${p.endpoint} answers a ${p.kind} record carrying organization_id, uuid-typed, the caller's organization`,
      async (c) => {
        const contact = await contactToRead(c);
        const mine = organizationOf(contact)?.value;
        // a contact without it is the finding of the contact checks above
        if (typeof mine !== 'string')
          c.block('POST /contact', `a contact without organization_id ${show(contact.attributes['organization_id'])}`);
        const ex = await p.send(c);
        produced(c, ex, p);
        const e = c.expect(ex);
        const org = organizationOf(e.data());
        if (optional && (org === undefined || org.value === null)) {
          c.observe('custom-object-organization', `a ${p.kind} record without organization_id (${p.endpoint})`);
          return;
        }
        if (!org || org.value_type !== 'uuid' || typeof org.value !== 'string' || !UUID.test(org.value)) {
          e.fail(
            'organization_id { value: <uuid>, value_type: "uuid" }',
            `organization_id ${show(e.data().attributes['organization_id'])}`,
          );
        }
        if (org?.value !== mine)
          e.fail(
            `organization_id ${show(mine)} (the caller's, as on a contact it created)`,
            `organization_id ${show(org?.value)}`,
          );
      },
      { endpoint: p.endpoint },
    );
  }
});
