import { check, group } from '../lib/check/check.js';
import { requiredOnCreate } from './steps/required-on-create.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Conformance } from '../lib/check/expect-conform.js';
import type { Exchange } from '../lib/http/exchange.js';
import type { RuleId } from './spec/rules/catalogue.js';
import type { RecordKind, ValueTypeName } from './spec/schemas/index.js';
import { VALUE_SHAPE, valueShapeViolation } from './spec/value-shapes.js';
import { contactCreated, contactRead, contactStage, requiredCreateAttributes } from './steps/contact.js';
import { opportunityCreated, opportunityStage, opportunityAccount } from './steps/opportunity.js';
import { answeredRecord, type TypedValue } from './spec/record.js';
import { show } from '../lib/check/show.js';
import { answerOf } from '../lib/check/answer.js';
import { takeTask } from './steps/task.js';
import { accountCreateBody } from '../fixtures/builders/account.js';
import { uniqueDomain, uniqueEmail, uniquePhone } from '../fixtures/builders/unique.js';
import { contactCreateBody } from '../fixtures/builders/contact.js';
import { opportunityCreateBody } from '../fixtures/builders/opportunity.js';

// value.shape on values the suite writes. The record checks validate every attribute a response
// carries, but an attribute the suite never sets is mostly null there, so a server that emits the
// wrong shape for it goes unnoticed. Here every value type of the spec's table that a
// writable-looking attribute carries is written once (one attribute per check, a faker value) and
// read back: the write's own `{ data: record }` and, for contacts, GET /contact/{id} (the only
// stated record read). The attribute must be a typed value of the value_type the spec lists for it
// (else the record kind's attribute rule) whose value has that value type's shape (value.shape).
//
// Which attributes are writable beyond those the spec names is "not shown": a write of such an
// attribute that the server refuses with the error body is an observation and a skip, never a
// failure; a 5xx is (robustness.no-5xx). A write the server takes but reads back without a value
// (absent, null, []) exercises no shape: an observation and a skip too. A refused write of an
// attribute the spec names as writable blocks the check: its own create/patch checks judge it.
//
// Not written here:
// - uuid: no stated write sets one; organization_id (every record) and id are read by the record
//   and organization checks (records.checks.ts).
// - meeting_participant: meetings are read-only; the fixture meeting's participants
//   (GET /meeting/{meeting_id}, records.checks.ts and notes-meetings.checks.ts).
// - created_source_form_submission_details: set by form submissions, which no endpoint states;
//   validated wherever a read carries it.
// - rich_text in notes (note_html): notes have no stated write; the fixture note. rich_text itself
//   is written here through the account's research_tldr.
// - select: the custom object's samples, sent as the user gave them (custom-objects.checks.ts).
// - task due_at (timestamp) and is_private (boolean): writable-looking, but writing them changes a
//   user's task beyond what the spec names; the task is written with status COMPLETED only.

type WriteKind = Extract<RecordKind, 'contact' | 'account' | 'opportunity' | 'task'>;

interface Written {
  valueType: ValueTypeName;
  kind: WriteKind;
  attribute: string;
  /** the spec names the attribute as writable on this operation: a refusal blocks instead of skipping */
  stated?: boolean;
  /** multi-valued: an array of typed values */
  multi?: boolean;
  /** the value sent; absent for an attribute the create body carries anyway (opportunity account_id) */
  value?: (c: CheckContext) => unknown;
  /**
   * where the write is refused (its writability is not shown), a read of a record the user names that
   * holds such values: the shape is judged there instead
   */
  readInstead?: { fixture: string; read: (c: CheckContext) => Promise<Exchange> };
}

const phone = (c: CheckContext): string => uniquePhone(c.faker, c.runId);
const amount = (c: CheckContext, min: number, max: number): { amount: string } => ({
  amount: `${c.faker.number.int({ min, max })}.00`,
});

const WRITTEN: readonly Written[] = [
  // contact create (POST /contact): first_name, primary_email and stage are stated
  {
    valueType: 'string',
    kind: 'contact',
    attribute: 'first_name',
    stated: true,
    value: (c) => c.faker.person.firstName(),
  },
  {
    valueType: 'email',
    kind: 'contact',
    attribute: 'primary_email',
    stated: true,
    value: (c) => uniqueEmail(c.faker, c.runId),
  },
  { valueType: 'contact_stage', kind: 'contact', attribute: 'stage', stated: true, value: (c) => contactStage(c) },
  { valueType: 'phone_number', kind: 'contact', attribute: 'primary_phone_number', value: phone },
  // false: the suite never records SMS consent for anyone on a user's workspace
  { valueType: 'boolean', kind: 'contact', attribute: 'sms_consent', value: () => false },
  {
    valueType: 'address',
    kind: 'contact',
    attribute: 'address',
    value: (c) => ({
      street_one: c.faker.location.streetAddress(),
      street_two: c.faker.location.secondaryAddress(),
      city: c.faker.location.city(),
      state: c.faker.location.state({ abbreviated: true }),
      country: 'US',
      zip_code: c.faker.location.zipCode('#####'),
    }),
  },
  {
    valueType: 'url',
    kind: 'contact',
    attribute: 'linkedin_url',
    value: (c) =>
      `https://www.linkedin.com/in/${c.faker.internet
        .username()
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, '')}`,
  },
  // a work address beside primary_email (which the create body carries): is_primary false, so the two never compete
  {
    valueType: 'contact_email',
    kind: 'contact',
    attribute: 'contact_emails',
    multi: true,
    value: (c) => [{ email: uniqueEmail(c.faker, c.runId), is_primary: false, labels: ['WORK'] }],
  },
  {
    valueType: 'contact_phone_number',
    kind: 'contact',
    attribute: 'contact_phone_numbers',
    multi: true,
    value: (c) => [{ phone_number: phone(c), is_primary: true, labels: ['MOBILE'] }],
    readInstead: {
      fixture: 'contactWithPhoneNumbersId',
      read: (c) => c.api.get(`/contact/${c.need(c.fixtures.contactWithPhoneNumbersId, 'contactWithPhoneNumbersId')}`),
    },
  },
  // account create (POST /account): only display_name is stated
  { valueType: 'long_text', kind: 'account', attribute: 'description', value: (c) => c.faker.lorem.paragraph() },
  {
    valueType: 'rich_text',
    kind: 'account',
    attribute: 'research_tldr',
    value: (c) => `<p>${c.faker.company.catchPhrase()}</p>`,
  },
  {
    valueType: 'number',
    kind: 'account',
    attribute: 'estimated_employee_count',
    value: (c) => c.faker.number.int({ min: 1, max: 5000 }),
  },
  {
    valueType: 'currency',
    kind: 'account',
    attribute: 'estimated_annual_revenue',
    value: (c) => amount(c, 100_000, 90_000_000),
  },
  {
    valueType: 'url',
    kind: 'account',
    attribute: 'official_website',
    value: (c) => `https://${uniqueDomain(c.faker, c.runId)}`,
  },
  {
    valueType: 'account_domain',
    kind: 'account',
    attribute: 'domains',
    multi: true,
    value: (c) => [{ domain_name: uniqueDomain(c.faker, c.runId), is_primary: true }],
  },
  {
    valueType: 'account_stage',
    kind: 'account',
    attribute: 'stage',
    value: (c) => c.need(c.fixtures.account?.stage, 'account.stage'),
  },
  // opportunity create (POST /opportunity): display_name, stage and account_id are stated
  { valueType: 'record_reference', kind: 'opportunity', attribute: 'account_id', stated: true },
  {
    valueType: 'opportunity_stage',
    kind: 'opportunity',
    attribute: 'stage',
    stated: true,
    value: (c) => opportunityStage(c),
  },
  {
    valueType: 'timestamp',
    kind: 'opportunity',
    attribute: 'next_step_due_at',
    value: (c) => c.faker.date.soon({ days: 30 }).toISOString(),
  },
  { valueType: 'currency', kind: 'opportunity', attribute: 'amount', value: (c) => amount(c, 1_000, 900_000) },
  // task patch (PATCH /task/{task_id}): status COMPLETED is the one stated value
  { valueType: 'enum', kind: 'task', attribute: 'status', stated: true, value: () => 'COMPLETED' },
];

const ATTRIBUTE_RULE: Record<WriteKind, RuleId> = {
  contact: 'record.contact.attributes',
  account: 'record.account.attributes',
  opportunity: 'record.opportunity.attributes',
  task: 'record.task.attributes',
};

const OPERATION: Record<WriteKind, string> = {
  contact: 'POST /contact',
  account: 'POST /account',
  opportunity: 'POST /opportunity',
  task: 'PATCH /task/{task_id}',
};

/** Writes the attributes with the operation of their record kind (the other attributes the minimum the spec shows). */
async function writeOf(c: CheckContext, kind: WriteKind, extra: () => Record<string, unknown>): Promise<Exchange> {
  switch (kind) {
    case 'contact':
      return c.api.post(
        '/contact',
        contactCreateBody(c.faker, {
          stage: contactStage(c),
          runId: c.runId,
          required: requiredCreateAttributes(c),
          attributes: extra(),
        }),
      );
    case 'account':
      // a 2xx create is archived after the check by the harness (lib/safety)
      return c.api.post(
        '/account',
        accountCreateBody(c.faker, { runId: c.runId, required: requiredOnCreate(c, 'account'), attributes: extra() }),
      );
    case 'opportunity': {
      const stage = opportunityStage(c);
      const account = await opportunityAccount(c);
      return c.api.post(
        '/opportunity',
        opportunityCreateBody(c.faker, {
          runId: c.runId,
          stage,
          accountId: account.id,
          required: requiredOnCreate(c, 'opportunity'),
          attributes: extra(),
        }),
      );
    }
    case 'task':
      // the shared fixture task, held until the check ends
      return c.api.patch(`/task/${await takeTask(c)}`, { attributes: extra() });
  }
}

/** Writes the one attribute with the operation of its record kind. */
function write(c: CheckContext, w: Written): Promise<Exchange> {
  return writeOf(c, w.kind, () => (w.value ? { [w.attribute]: w.value(c) } : {}));
}

/**
 * The attributes of one record kind whose writability is not shown, written together in one create
 * (contacts: read back once too), sent once per run and judged by each check for its own attribute. Two
 * that a server may tie together (a primary phone number beside phone items) are never in one write.
 */
const TOGETHER: Partial<Record<WriteKind, readonly string[]>> = {
  contact: ['sms_consent', 'address', 'linkedin_url', 'contact_emails', 'contact_phone_numbers'],
  account: [
    'description',
    'research_tldr',
    'estimated_employee_count',
    'estimated_annual_revenue',
    'official_website',
    'domains',
    'stage',
  ],
  opportunity: ['next_step_due_at', 'amount'],
};

/**
 * The one create of every TOGETHER attribute of the row's kind, and its read (contacts); undefined for
 * a row written alone. A refusal, or a 2xx the checks cannot read, is no answer about any one of them:
 * each check then writes its own attribute alone, as it would without this.
 */
async function together(c: CheckContext, w: Written): Promise<{ ex: Exchange; read?: Exchange } | undefined> {
  const names = TOGETHER[w.kind];
  if (w.stated || !names?.includes(w.attribute)) return undefined;
  const rows = WRITTEN.filter((x) => x.kind === w.kind && names.includes(x.attribute));
  // a row's own fixture (account.stage) missing skips the row alone, not every row written with it
  if (rows.some((x) => x.value === undefined || !canWrite(c, x))) return undefined;
  const key = `value types: a ${w.kind} create with ${names.join(', ')}`;
  const done = await c.shared(key, async (s) => {
    const ex = await writeOf(s, w.kind, () => Object.fromEntries(rows.map((x) => [x.attribute, x.value!(s)])));
    const id = answeredRecord(ex)?.id;
    const read = w.kind === 'contact' && id !== undefined ? await s.api.get(`/contact/${id}`) : undefined;
    return { ex, ...(read ? { read } : {}) };
  });
  if (answeredRecord(done.ex) === undefined) {
    c.observe(
      'value-types',
      `${OPERATION[w.kind]} with ${names.join(', ')} together answered ${answerOf(done.ex)}: ${w.attribute} written alone`,
    );
    return undefined;
  }
  return done;
}

/** Whether the row's value can be made here (its fixture is set), without skipping the check. */
function canWrite(c: CheckContext, w: Written): boolean {
  return w.kind !== 'account' || w.attribute !== 'stage' || c.fixtures.account?.stage !== undefined;
}

/**
 * The answer a row is judged on, and its read (contacts): a stated attribute on the run's own create
 * of that kind (suites/steps/, sent once), an unstated one on the create of its kind's TOGETHER attributes,
 * else a write of its own.
 */
async function answerFor(c: CheckContext, w: Written): Promise<{ ex: Exchange; read?: () => Promise<Exchange> }> {
  if (w.stated && w.kind === 'contact') return { ex: (await contactCreated(c)).ex, read: () => contactRead(c) };
  if (w.stated && w.kind === 'opportunity') return { ex: (await opportunityCreated(c)).ex };
  const shared = await together(c, w);
  if (shared) return { ex: shared.ex, ...(shared.read ? { read: async () => shared.read! } : {}) };
  const ex = await write(c, w);
  const id = answeredRecord(ex)?.id;
  return { ex, ...(w.kind === 'contact' && id !== undefined ? { read: () => c.api.get(`/contact/${id}`) } : {}) };
}

function isTypedValue(v: unknown): v is TypedValue {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    'value' in v &&
    typeof (v as { value_type?: unknown }).value_type === 'string'
  );
}

/**
 * The written attribute on a record read: each typed value of the stated value_type (else the kind's
 * attribute rule) and of that value type's shape (value.shape). Answers what the read shows when it
 * holds no value to judge (absent, null, no items), undefined when it was judged.
 */
function judge(e: Conformance, w: Written): string | undefined {
  const attr = e.data().attributes[w.attribute];
  const where = `${w.attribute} (${w.valueType})`;
  if (attr === undefined) return `no ${w.attribute} attribute`;
  if (w.multi && !Array.isArray(attr))
    e.fail(`${where}: an array of typed values`, `${w.attribute} ${show(attr)}`, 'value.typed');
  if (!w.multi && Array.isArray(attr))
    e.fail(`${where}: a single typed value`, `${w.attribute} ${show(attr)}`, 'value.typed');
  const items: unknown[] = Array.isArray(attr) ? attr : [attr];
  for (const item of items) {
    if (!isTypedValue(item)) e.fail(`${where}: { value, value_type }`, `${w.attribute} ${show(attr)}`, 'value.typed');
    if (item.value_type !== w.valueType)
      e.fail(
        `${where}: value_type ${w.valueType}`,
        `value_type ${show(item.value_type)} in ${show(item)}`,
        ATTRIBUTE_RULE[w.kind],
      );
  }
  const held = (items as TypedValue[]).filter((item) => item.value !== null);
  if (held.length === 0) return items.length === 0 ? `${w.attribute} []` : `${w.attribute} ${show(attr)}`;
  for (const item of held) {
    const at = `/data/attributes/${w.attribute}${Array.isArray(attr) ? `/${attr.indexOf(item)}` : ''}`;
    const v = valueShapeViolation(w.attribute, w.valueType, item, at);
    if (v) e.broke(v);
  }
  return undefined;
}

group('Value types › written, then read back', () => {
  for (const w of WRITTEN) {
    const endpoint = OPERATION[w.kind];
    const read = `${w.multi ? '[' : ''}{ value_type: ${w.valueType}, value: ${VALUE_SHAPE[w.valueType]} }${w.multi ? ', …]' : ''}`;
    check(
      'value.shape',
      `${w.valueType}: ${endpoint} with ${w.attribute} reads back ${read}`,
      async (c) => {
        const { ex, read: readBack } = await answerFor(c, w);
        const status = ex.response?.status ?? 0;
        if (w.stated) c.setup(ex, endpoint);
        else if (status >= 500)
          c.expect(ex).fail(
            `2xx, or a 4xx refusal with the error body, for a valid ${w.attribute}`,
            `HTTP ${status}`,
            'robustness.no-5xx',
          );
        else if (status >= 400) {
          // whether the attribute is writable is not shown: a refusal with the error body is the server's choice
          const e = c.expect(ex).rejected();
          const code = e.json<{ code?: unknown }>().code;
          c.observe(
            'value-types',
            `${endpoint} did not take ${w.attribute} (${w.valueType}): HTTP ${status} ${show(code)}`,
          );
          return judgeSeen(
            c,
            w,
            ex,
            `${endpoint} refused ${w.attribute} (HTTP ${status}${typeof code === 'string' ? ` ${show(code)}` : ''})`,
          );
        }
        const e = c.expect(ex).success();
        const dropped = judge(e, w);
        if (dropped !== undefined) {
          c.observe(
            'value-types',
            `${endpoint} took ${w.attribute} (${w.valueType}) with HTTP ${status} but its record shows ${dropped}`,
          );
          return judgeSeen(c, w, ex, `${endpoint} took ${w.attribute} and read it back without a value (${dropped})`);
        }
        if (readBack) {
          const got = c.expect(await readBack()).success('contact.get.record');
          const lost = judge(got, w);
          if (lost !== undefined) got.fail(`${w.attribute} as the create answer showed it`, lost, 'contact.get.record');
        }
      },
      // when its own write shows no value, it judges the values the whole run's answers showed; the
      // write goes early (a task's is a turn on the shared task: not held while waiting for the run's end)
      { endpoint, runLast: true, sendsEarly: w.kind !== 'task' },
    );
  }
});

/**
 * The row's value type judged on every answer the run read (lib/check/answer-observer.ts), where the
 * row's own write showed no value (`why`, `proof`): a write is one way to see a value, never the only
 * one. Values seen: each way one was wrong fails the rule once (the first here, the others as findings
 * of it), with the first exchange that showed it. None seen: where the row names a record of the
 * user's that holds such values, its read; failing that, a skip naming that fixtures key when it is
 * not given, else not applicable (the server's legal choice leaves no such value to judge).
 */
async function judgeSeen(c: CheckContext, w: Written, proof: Exchange, why: string): Promise<void> {
  // the row's own write went early, beside the run's last chains: the run's answers are all in once
  // every other check has ended and every row has written
  await c.target.lastChecks?.allSeen(c);
  const read = w.readInstead;
  if (c.seen(w.valueType).values === 0 && read) {
    // a record of the user's that holds such values: an input that makes the rule applicable
    c.need(fixtureAt(c, read.fixture), read.fixture);
    c.setup(await read.read(c), 'GET /contact/{contact_id}');
    if (c.seen(w.valueType).values === 0)
      c.unfit(read.fixture, `it names a record whose read shows no ${w.attribute} item: name one with ${w.attribute}`);
  }
  const seen = c.seen(w.valueType);
  if (seen.values === 0)
    c.notApplicable(`${why}, and no answer the run read holds a ${w.valueType} value: none to judge`, [proof]);
  const [first, ...more] = seen.failures;
  for (const f of more) c.found(f.violation, f.exchange);
  if (first) {
    // under this check's rule; its rerun runs, beside it, the check whose request got that answer
    const { expected, actual, shownBy } = first.violation;
    c.expect(first.exchange).broke({ rule: c.rule, expected, actual, ...(shownBy ? { shownBy } : {}) });
  }
  c.observe(
    'value-types',
    `${why}: ${w.valueType} judged on the ${seen.values} value(s) in ${seen.answers} answer(s) the run read (${seen.operations.join(', ')})`,
  );
}

/** The fixtures value at a key path (`contactWithPhoneNumbersId`). */
function fixtureAt(c: CheckContext, key: string): unknown {
  return (c.fixtures as Record<string, unknown>)[key];
}
