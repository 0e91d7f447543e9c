import fc from 'fast-check';
import { requiredOnCreate } from './steps/required-on-create.js';
import type { RuleId } from './spec/rules/catalogue.js';
import { check, endpoint } from '../lib/check/check.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Conformance } from '../lib/check/expect-conform.js';
import type { Exchange } from '../lib/http/exchange.js';
import { holdsForAll } from '../lib/check/property.js';
import { contactCommands, runSequence, twoPatchesThenRead } from './generated/contact-model.js';
import { phoneItemCommands, relabelThenMovePrimary, runPhoneSequence } from './generated/phone-item-model.js';
import { runUpsertSequence, upsertArchivedAgain, upsertCommands, upsertPatchUpsert } from './generated/upsert-model.js';
import { otherLabels, phoneContact } from './steps/phone-item.js';
import { opportunityStage } from './steps/opportunity.js';
import { relationshipName } from './steps/relationship.js';
import {
  attributeWrites,
  contactWritable,
  EDGE_STRINGS,
  edgeWrite,
  text,
  written,
  type AttributeWrite,
} from './generated/arbitraries.js';
import { contactStage, createContact, requiredCreateAttributes } from './steps/contact.js';
import { customObject, freeTextAttribute, upsertRecord } from './steps/custom-object.js';
import { recordOf, valueOf } from './spec/record.js';
import { show } from '../lib/check/show.js';
import { contactCreateBody } from '../fixtures/builders/contact.js';
import { tagged } from '../fixtures/builders/tag.js';
import { textChoiceNote, textReadBack } from './steps/same-text.js';

// Generated cases (fast-check, --cases per check, seeded by --seed): where a hand-written check
// writes one body, these write many, and a failure shrinks to the smallest body that still fails.
// Only what the spec states is asserted: a write of the attributes it names as writable that the
// server takes (2xx) must read back unchanged; one it refuses must carry the error body, and only an
// empty or long string may be refused (no length limit is shown). A body with one mutation the spec
// states invalid must be refused with the error body. Never a 5xx.

/**
 * A 2xx answer to generated writes: every written value reads back unchanged, here and in `read`.
 * Text not in NFC may read back normalised, and "" as no value (no byte-exact storage is promised):
 * recorded as observations (suites/steps/same-text.ts).
 */
function expectWritten(c: CheckContext, e: Conformance, writes: readonly AttributeWrite[], where: string): void {
  const record = e.data();
  for (const w of writes) {
    const got = valueOf(record, w.name);
    const note = textChoiceNote(w.name, w.value.value, got);
    if (note) c.observe('text-storage', `${note} in ${where}`);
    if (textReadBack(w.value.value, got) === 'different')
      e.broke({
        rule: c.rule,
        expected: `${w.name} ${show(w.value.value)} (written ${w.enveloped ? 'enveloped' : 'raw'})`,
        actual: `${w.name} ${show(record.attributes[w.name])} in ${where}`,
        quotes: formOf([w]) ?? c.rule,
      });
  }
}

/** The stated rule of the form every write was sent in (raw or enveloped), or undefined where they mix. */
function formOf(writes: readonly AttributeWrite[]): RuleId | undefined {
  if (writes.length > 0 && writes.every((w) => w.enveloped)) return 'write.enveloped-value';
  if (writes.length > 0 && writes.every((w) => !w.enveloped)) return 'write.raw-value';
  return undefined;
}

/**
 * The answer to a generated write of stated-writable attributes: read back unchanged, or refused only over an edge
 * value.
 */
function judgeWrite(c: CheckContext, ex: Exchange, writes: readonly AttributeWrite[], where: string): boolean {
  const e = c.expect(ex);
  const s = e.response.status;
  if (s >= 500) e.fail('2xx, or 4xx with the error body', `HTTP ${s}`, 'robustness.no-5xx');
  if (s >= 400) {
    e.rejected();
    const edge = writes.filter((w) => w.value.edge);
    const form = formOf(writes);
    if (edge.length === 0)
      e.broke({
        rule: c.rule,
        expected: 'the write accepted (2xx): every attribute is one the spec names as writable, with an ordinary value',
        actual: `HTTP ${s}`,
        // the form the values were written in, where they share one: its sentence is the one broken
        ...(form ? { quotes: form } : {}),
      });
    c.observe(
      'generated-edge',
      `a write with ${edge.map((w) => `${w.name} of ${w.value.value.length} characters`).join(', ')} was refused HTTP ${s}`,
    );
    return false;
  }
  expectWritten(c, e.success(), writes, where);
  return true;
}

const body = (writes: readonly AttributeWrite[]) => ({
  attributes: Object.fromEntries(writes.map((w) => [w.name, written(w)])),
});

endpoint('PATCH /contact/{contact_id}', () => {
  check(
    'generated.write-round-trip',
    'generated contact patches (writable attributes, raw or enveloped, Unicode and edge lengths) read back unchanged in the answer and in GET',
    async (c) => {
      const contact = await createContact(c);
      await holdsForAll(
        c,
        'contact patch',
        attributeWrites(contactWritable(c.runId)),
        async (writes) => {
          if (!judgeWrite(c, await c.api.patch(`/contact/${contact.id}`, body(writes)), writes, 'the patch answer'))
            return;
          expectWritten(
            c,
            c.expect(await c.api.get(`/contact/${contact.id}`)).success(),
            writes,
            'GET /contact/{contact_id}',
          );
        },
        {
          examples: [
            // long strings, taken or refused, on every run; the empty string apart (a refusal of it hides nothing else)
            [
              edgeWrite('first_name', 'string', EDGE_STRINGS.long),
              edgeWrite('title', 'string', EDGE_STRINGS.longer, true),
            ],
            [edgeWrite('middle_name', 'string', EDGE_STRINGS.empty)],
          ],
        },
      );
    },
  );
});

endpoint('POST /account', () => {
  check(
    'generated.write-round-trip',
    'generated account creates (display_name raw or enveloped, Unicode) read back unchanged',
    async (c) => {
      await holdsForAll(
        c,
        'account create',
        fc.record({
          name: fc.constant('display_name'),
          valueType: fc.constant('string'),
          value: text.filter((t) => !t.edge),
          enveloped: fc.boolean(),
        }),
        async (write, cc) => {
          // a server may hold account names unique: two inputs may draw one text, so each name gets a
          // random part of its input's own (its faker is seeded by its place) and the run id
          const name = tagged(`${write.value.value} ${cc.faker.string.alphanumeric(5).toUpperCase()}`, c.runId);
          const named = { ...write, value: { ...write.value, value: name } };
          const sent = { attributes: { ...requiredOnCreate(cc, 'account'), ...body([named]).attributes } };
          judgeWrite(c, await c.api.post('/account', sent), [named], 'the create answer');
        },
        // each input creates its own account
        { independent: true },
      );
    },
  );
});

endpoint('PATCH /{custom_object_api_name}/{record_id}', () => {
  check(
    'generated.write-round-trip',
    "generated patches of the custom object's free-text attribute (raw or enveloped) read back unchanged",
    async (c) => {
      const co = customObject(c);
      const found = c.target.preflight?.customObject;
      const typed = found && 'valueTypes' in found;
      const noFreeText =
        'fixtures: `customObject.attributes` holds no free-text attribute (value_type string or long_text) for generated values';
      if (typed && freeTextAttribute(c, co) === undefined) c.skip(noFreeText);
      // with no answer from the fixtures check (--read-only, or its upsert failed) the upsert itself
      // says why the check cannot run
      const { record } = await upsertRecord(c, co);
      const free = freeTextAttribute(c, co) ?? c.skip(noFreeText);
      const valueType = typed ? (found.valueTypes[free] ?? 'string') : 'string';
      const input = fc.record({
        name: fc.constant(free),
        valueType: fc.constant(valueType),
        value: text,
        enveloped: fc.boolean(),
      });
      await holdsForAll(
        c,
        'custom-object patch',
        input,
        async (write) => {
          judgeWrite(c, await c.api.patch(`/${co.apiName}/${record.id}`, body([write])), [write], 'the patch answer');
        },
        { examples: [edgeWrite(free, valueType, EDGE_STRINGS.longer)] },
      );
    },
  );
});

/**
 * One mutation the spec states invalid, applied to a valid body. `quotes`: the stated rule whose
 * sentence it breaks (the failure quotes it, not the family's sentence); `rule`: the rule a 2xx
 * breaks, where it is not this check's own (one that rests on one reading).
 */
type Mutation = {
  what: string;
  apply: (b: { attributes: Record<string, unknown> }) => unknown;
  quotes: RuleId;
  rule?: RuleId;
};

const unknownName = fc.stringMatching(/^[a-z]{3,10}$/).map((s) => `zz_conformance_${s}`);

const MUTATIONS: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constantFrom<unknown>([], 'attributes', 42, null, true).map((v): Mutation => ({
    what: `attributes ${JSON.stringify(v)}`,
    apply: () => ({ attributes: v }),
    quotes: 'write.attributes-only',
  })),
  fc
    .stringMatching(/^[a-z]{1,12}$/)
    .filter((k) => k !== 'attributes')
    .map((k): Mutation => ({
      what: `another top-level key ${k}`,
      apply: (b) => ({ ...b, [k]: { note: 'not a stated top-level key' } }),
      quotes: 'write.attributes-only',
      // that another top-level key must be refused, not ignored, is the strict reading
      rule: 'write.attributes-only',
    })),
  fc.constant<Mutation>({
    what: 'an inline relationships block',
    apply: (b) => ({ ...b, relationships: { accounts: [] } }),
    quotes: 'contact.no-inline-relationships',
    // that the block must be refused, not ignored, is the strict reading too
    rule: 'contact.no-inline-relationships',
  }),
  unknownName.map((n): Mutation => ({
    what: `an unknown attribute ${n}`,
    apply: (b) => ({ attributes: { ...b.attributes, [n]: 'x' } }),
    quotes: 'contact.unknown-field',
  })),
);

/** The answer to a mutated body: 4xx with the error body; a 2xx made a record the cleanup archives where it can. */
function expectRefused(c: CheckContext, ex: Exchange, m: Mutation): void {
  const e = c.expect(ex);
  const what = m.what;
  if (e.response.status >= 500)
    e.fail(`4xx with the error body for a body with ${what}`, `HTTP ${e.response.status}`, 'robustness.no-5xx');
  if (e.response.status < 400)
    e.broke({
      rule: m.rule ?? c.rule,
      expected: `4xx with the error body for a body with ${what}`,
      actual: `HTTP ${e.response.status}${recordOf(e.response.json) ? ' and a record' : ''}`,
      // the sentence this input breaks, whichever rule the failure is filed under
      quotes: m.quotes,
    });
  e.rejected();
}

endpoint('POST /contact', () => {
  check(
    'generated.mutation-refused',
    'a valid contact create with one stated-invalid mutation (attributes not an object, another top-level key, a relationships block, an unknown attribute, no stage) is refused',
    async (c) => {
      const stage = contactStage(c);
      const noStage = fc.constant<Mutation>({
        what: 'no stage',
        apply: (b) => ({ attributes: Object.fromEntries(Object.entries(b.attributes).filter(([k]) => k !== 'stage')) }),
        quotes: 'contact.create.stage-required',
      });
      const input = fc.record({
        writes: attributeWrites(contactWritable(c.runId).filter((a) => a.name !== 'last_name')),
        mutation: fc.oneof(MUTATIONS, noStage),
      });
      await holdsForAll(
        c,
        'contact create mutation',
        input,
        async ({ writes, mutation }, cc) => {
          const valid = contactCreateBody(cc.faker, {
            stage,
            runId: c.runId,
            required: requiredCreateAttributes(c),
            attributes: body(writes.filter((w) => !w.value.edge)).attributes,
          });
          expectRefused(c, await c.api.post('/contact', mutation.apply(valid)), mutation);
        },
        // each input is one create of its own
        { independent: true },
      );
    },
  );
});

endpoint('PATCH /contact/{contact_id}', () => {
  check(
    'generated.mutation-refused',
    'a valid contact patch with one stated-invalid mutation (attributes not an object, another top-level key, a relationships block, an unknown attribute) is refused',
    async (c) => {
      const contact = await createContact(c);
      const input = fc.record({ writes: attributeWrites(contactWritable(c.runId)), mutation: MUTATIONS });
      await holdsForAll(
        c,
        'contact patch mutation',
        input,
        async ({ writes, mutation }) => {
          expectRefused(
            c,
            await c.api.patch(`/contact/${contact.id}`, mutation.apply(body(writes.filter((w) => !w.value.edge)))),
            mutation,
          );
        },
        {
          examples: [
            {
              writes: [],
              mutation: {
                what: 'attributes null',
                apply: () => ({ attributes: null }),
                quotes: 'write.attributes-only',
              },
            },
          ],
        },
      );
    },
  );
});

// Model-based sequences: where a request-by-request tester judges each answer alone, these run random
// sequences against a model of the stated behaviour, so a deviation that shows only after a certain
// order of operations (a second patch, a link made before another) is found, and shrunk to the
// shortest sequence that shows it. Each sequence makes its own records (tagged; accounts archived).
endpoint('PATCH /contact/{contact_id}', () => {
  check(
    'generated.model-sequence',
    'random sequences (after a contact, an account and an opportunity on it) of contact creates, patches and reads, account creates and archives, opportunity creates and links agree with a model of the spec',
    async (c) => {
      // every fixture a command needs, up front: a sequence never stops half-way for one
      contactStage(c);
      opportunityStage(c);
      relationshipName(c, 'contactAccounts');
      relationshipName(c, 'opportunityContacts');
      // half as many sequences as --cases: each leaves a contact and an opportunity the API cannot archive
      const first = twoPatchesThenRead(c.faker.person.firstName(), c.faker.person.jobTitle());
      await holdsForAll(
        c,
        'contact sequences',
        contactCommands(8, c.runId),
        (commands, cc) => runSequence(cc, commands),
        // each sequence makes its own contacts, accounts and opportunities: all run at once
        { examples: [first], cases: Math.ceil(c.target.cases / 2), independent: true },
      );
    },
    { startFirst: true },
  );
});

endpoint('PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}', () => {
  check(
    'generated.phone-item-sequence',
    'random sequences of phone item patches (primary moved, labels changed) and reads of one contact agree with a model of the spec',
    async (c) => {
      const pc = await phoneContact(c);
      // the fixture contact is put back as found: its primary item first (in case a move demotes the others)
      if (!pc.own) {
        c.cleanup(async () => {
          await c.api.patch(`/contact/${pc.contactId}/attribute/contact_phone_numbers/${pc.primary.id}`, {
            is_primary: true,
            labels: pc.primary.labels,
          });
          await c.api.patch(`/contact/${pc.contactId}/attribute/contact_phone_numbers/${pc.other.id}`, {
            is_primary: false,
            labels: pc.other.labels,
          });
        });
      }
      const first = relabelThenMovePrimary([...otherLabels(pc.primary.labels)]);
      await holdsForAll(
        c,
        'phone item sequences',
        phoneItemCommands(6),
        (commands) => runPhoneSequence(c, pc, commands),
        // every sequence moves the items of one contact: one after another
        { examples: [first], cases: Math.ceil(c.target.cases / 2) },
      );
    },
    { startFirst: true },
  );
});

endpoint('POST /{custom_object_api_name}/_upsert', () => {
  check(
    'generated.upsert-sequence',
    "random sequences of upserts (each match value more than once), patches and archives of the custom object's records agree with a model of the spec",
    async (c) => {
      const co = customObject(c);
      const found = c.target.preflight?.customObject;
      if (found && 'blockedBy' in found) c.block(found.blockedBy.step, found.blockedBy.answer);
      // no free-text sample (selects and numbers only): the sequences still judge ids and statuses
      const free = freeTextAttribute(c, co);
      const values = free === undefined ? undefined : text.filter((t) => !t.edge).map((t) => t.value);
      const name = () => (free === undefined ? '' : c.faker.commerce.productName());
      const first = upsertPatchUpsert(name(), name(), name());
      const archived = upsertArchivedAgain(name(), name(), name());
      await holdsForAll(
        c,
        'upsert sequences',
        upsertCommands(8, values),
        (commands, cc) => runUpsertSequence(cc, co, free, commands),
        // each sequence upserts match values of its own: all run at once
        { examples: [first, archived], cases: Math.ceil(c.target.cases / 2), independent: true },
      );
    },
    { startFirst: true },
  );
});
