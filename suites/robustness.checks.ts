import { check, group } from '../lib/check/check.js';
import { OUTSIDE_BMP, textChoiceNote, textReadBack, VALUE_REFUSED } from './steps/same-text.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Exchange } from '../lib/http/exchange.js';
import { contactForProbes, contactStage, requiredCreateAttributes } from './steps/contact.js';
import { answeredRecord, valueOf } from './spec/record.js';
import { show } from '../lib/check/show.js';
import { contactCreateBody } from '../fixtures/builders/contact.js';
import { linkedRecordRead, NEVER_ISSUED_CURSOR } from './steps/custom-object.js';
import { NOT_UUID_PATH, PROVOKE, provoked } from './shared/provoke.js';
import { OPERATIONS } from './spec/operations.js';
import { hostileIdTargets, laterIdTargets } from './sweeps/hostile-ids.js';

// robustness.no-5xx: hostile input is a request that fails validation, answered 2xx or 4xx with
// the error body ("request body or parameters fail validation"), never 5xx, never a hang (the
// client's timeout turns a hang into a failed check).

/** 2xx, or a 4xx with the error body; anything else (5xx, 3xx, no answer) breaks the rule. */
function expectHandled(c: CheckContext, ex: Exchange): void {
  const e = c.expect(ex);
  const s = e.response.status;
  if (s >= 200 && s <= 299) return;
  if (s >= 400 && s <= 499) {
    e.rejected();
    return;
  }
  e.fail(
    '2xx, or 4xx with the error body',
    `HTTP ${s}${e.response.text ? ` ${show(e.response.text.slice(0, 160))}` : ''}`,
  );
}

/** The first is sent to every operation with an id in its path; the whole list to one operation of each method. */
const BAD_IDS: ReadonlyArray<[string, string]> = [
  ['not-a-uuid', 'not-a-uuid'],
  // one level up from the operation's first segment: still under the base path once a proxy decodes it
  ['a path traversal', encodeURIComponent('../etc/passwd')],
  ['an encoded NUL', '%00'],
  ['a 300-character string', 'a'.repeat(300)],
  ['a uuid with a trailing character', '00000000-0000-4000-8000-000000000000x'],
];

// Every operation with an id in its path, from the operation table (suites/sweeps/hostile-ids.ts).
const FAMILIES = hostileIdTargets(OPERATIONS);

group('Robustness › path ids that are not uuids', () => {
  for (const f of FAMILIES) {
    for (const [what, segment] of f.all ? BAD_IDS : BAD_IDS.slice(0, 1)) {
      check(
        'robustness.no-5xx',
        `${f.endpoint} with ${what} as the id is answered 4xx with the error body`,
        async (c) => {
          // GET /contact/not-a-uuid is the provocation the error-body checks judge too (sent once)
          const provocation = f.method === 'GET' && f.path(c, segment) === NOT_UUID_PATH;
          const ex = provocation
            ? await provoked(c, PROVOKE.notUuid)
            : await c.api.send(f.method, f.path(c, segment), f.body !== undefined ? { json: f.body } : {});
          // a path id that is not a uuid names no record: a 2xx would be wrong too
          c.expect(ex).rejected();
        },
        { endpoint: f.endpoint },
      );
    }
  }
});

// every id after the first (an item id, an edge's target), from the operation table: the ids before
// it name the run's real records, so its own form is the only thing wrong with the request
group('Robustness › later path ids that are not uuids', () => {
  for (const t of laterIdTargets(OPERATIONS)) {
    check(
      'robustness.no-5xx',
      `${t.endpoint} with not-a-uuid as its ${t.name} is answered 4xx with the error body`,
      async (c) => {
        const path = await t.path(c, 'not-a-uuid');
        c.expect(await c.api.send(t.method, path, t.body !== undefined ? { json: t.body } : {})).rejected();
      },
      { endpoint: t.endpoint },
    );
  }
});

/** Nested objects `depth` levels deep. */
function nested(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

type Mode = 'create' | 'patch';

/** A contact body: on create the valid attributes plus the hostile ones, on patch the hostile ones alone. */
const attrs = (c: CheckContext, mode: Mode, hostile: Record<string, unknown>) => ({
  attributes: {
    ...(mode === 'create'
      ? contactCreateBody(c.faker, { stage: contactStage(c), runId: c.runId, required: requiredCreateAttributes(c) })
          .attributes
      : {}),
    ...hostile,
  },
});

/**
 * Hostile contact bodies, each sent on patch, and those of the body's outer shape or of the stage
 * (which create resolves and requires on its own path) on create too. What a body does to one
 * attribute's value is judged where a contact validates its attributes, the same on create and patch:
 * sending it twice finds nothing more.
 */
const BODIES: ReadonlyArray<[string, (c: CheckContext, mode: Mode) => unknown, 'create and patch'?]> = [
  ['a 100 KB first_name', (c, m) => attrs(c, m, { first_name: 'x'.repeat(100 * 1024) })],
  ['attributes as an array', () => ({ attributes: [{ first_name: 'Array' }] }), 'create and patch'],
  ['attributes as a string', () => ({ attributes: 'first_name=String' }), 'create and patch'],
  ['attributes as null', () => ({ attributes: null }), 'create and patch'],
  ['first_name as a number', (c, m) => attrs(c, m, { first_name: 12345 })],
  ['first_name as an object', (c, m) => attrs(c, m, { first_name: { nested: true } })],
  ['first_name as an array', (c, m) => attrs(c, m, { first_name: ['A', 'B'] })],
  ['first_name as a boolean', (c, m) => attrs(c, m, { first_name: true })],
  ['stage as a number', (c, m) => attrs(c, m, { stage: 42 }), 'create and patch'],
  [
    'stage as an enveloped select without a value',
    (c, m) => attrs(c, m, { stage: { value_type: 'select' } }),
    'create and patch',
  ],
  [
    'an envelope with an unknown value_type',
    (c, m) => attrs(c, m, { first_name: { value_type: 'no_such_type', value: 'X' } }),
  ],
  ['an emoji first_name', (c, m) => attrs(c, m, { first_name: '😀🎉👩‍👩‍👧‍👦' })],
  ['an RTL first_name', (c, m) => attrs(c, m, { first_name: 'مرحبا עולם \u202Eevil' })],
  [
    'a first_name of combining marks',
    (c, m) => attrs(c, m, { first_name: 'Z\u0351\u0362\u0334a\u0337\u0321l\u0338g\u0335o'.repeat(20) }),
  ],
  ['a lone surrogate escaped in JSON', (c, m) => attrs(c, m, { first_name: 'bad \ud800 half' })],
  ['a first_name nested 200 levels deep', (c, m) => attrs(c, m, { first_name: nested(200) })],
  ['an unknown attribute nested 200 levels deep', (c, m) => attrs(c, m, { zz_conformance_deep: nested(200) })],
  ['a body that is an array', (c, m) => [attrs(c, m, {})], 'create and patch'],
  ['a body that is a bare string', () => 'attributes', 'create and patch'],
  ['a body that is a number', () => 42, 'create and patch'],
  ['a body that is null', () => null, 'create and patch'],
];

group('Robustness › hostile contact create bodies', () => {
  for (const [what, make] of BODIES.filter(([, , on]) => on === 'create and patch')) {
    check(
      'robustness.no-5xx',
      `POST /contact with ${what} is answered 2xx or 4xx with the error body`,
      async (c) => {
        expectHandled(
          c,
          await c.api.send('POST', '/contact', {
            body: JSON.stringify(make(c, 'create')),
            contentType: 'application/json',
          }),
        );
      },
      { endpoint: 'POST /contact' },
    );
  }
});

group('Robustness › hostile contact patch bodies', () => {
  for (const [what, make] of BODIES) {
    check(
      'robustness.no-5xx',
      `PATCH /contact/{contact_id} with ${what} is answered 2xx or 4xx with the error body`,
      async (c) => {
        const contact = await contactForProbes(c);
        expectHandled(
          c,
          await c.api.send('PATCH', `/contact/${contact.id}`, {
            body: JSON.stringify(make(c, 'patch')),
            contentType: 'application/json',
          }),
        );
      },
      { endpoint: 'PATCH /contact/{contact_id}' },
    );
  }
});

// The run's relationship read of its linked record (shared: the pagination checks judge the reads
// with page_size -1 and 0, and the cursor no server issued, too).
group('Robustness › hostile query parameters', () => {
  const values = ['-1', '0', 'abc', '1e309', '9'.repeat(40), '\u0000', '1.5'];
  for (const v of values) {
    check(
      'robustness.no-5xx',
      `GET /{custom_object_api_name}/{record_id}/relationship/{api_name} with page_size ${show(v.slice(0, 12))} is answered 2xx or 4xx with the error body`,
      async (c) => {
        expectHandled(c, await linkedRecordRead(c, { page_size: v }));
      },
      { endpoint: 'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}' },
    );
  }
  for (const v of [NEVER_ISSUED_CURSOR, '%%%', 'x'.repeat(2000)]) {
    check(
      'robustness.no-5xx',
      `GET /{custom_object_api_name}/{record_id}/relationship/{api_name} with cursor ${show(v.slice(0, 12))} is answered 2xx or 4xx with the error body`,
      async (c) => {
        expectHandled(c, await linkedRecordRead(c, { cursor: v }));
      },
      { endpoint: 'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}' },
    );
  }
});

// robustness.round-trip: "| string | string |" — a string attribute reads back as the string written (text in NFC
// exactly; other text in any canonically equivalent form, suites/steps/same-text.ts). Only texts a
// conforming store keeps: short (a server may cap a name at 40 characters), without HTML tags (a
// server may strip them from a plain string: rich_text is the type that holds HTML); a text outside
// the Basic Multilingual Plane (no repertoire is stated) may be refused, with a code that says so.
const ROUND_TRIP: ReadonlyArray<[string, string]> = [
  ['emoji', 'Zoë 😀🎉 👩‍👩‍👧‍👦 🇯🇵'],
  ['CJK', '山田 太郎 김민준 王小明'],
  ['combining accents', 'Cafe\u0301 Zo\u0308e n\u0303'],
  ['RTL text', 'مرحبا עולם'],
  ['HTML-special characters', 'Tom & Jerry\'s "best" friends'],
  ['JSON-looking text', '{"value": 1, "value_type": "number"}'],
  ['backslashes and escapes', 'C:\\temp\\new \\u0041 \t tab'],
];

/** The string attributes of a contact create the spec names that the round trips write: a text in each. */
const TEXT_ATTRIBUTES = ['first_name', 'title'] as const;

/**
 * The round trips of texts `i` and `i + 1`, in first_name and title of one create, sent once per run
 * with their read (a run-scoped set-up): each check judges its own text's attribute. Undefined when the
 * create answered no record: each text is then written alone, so a server that refuses one text fails
 * that text's check only.
 */
async function roundTripTogether(
  c: CheckContext,
  first: number,
): Promise<{ created: Exchange; read: () => Promise<Exchange> } | undefined> {
  const texts = ROUND_TRIP.slice(first, first + TEXT_ATTRIBUTES.length);
  const key = `robustness: a contact with ${texts.map(([what]) => what).join(' and ')}`;
  const made = await c.shared(key, async (s) => {
    const attributes = Object.fromEntries(texts.map(([, text], i) => [TEXT_ATTRIBUTES[i]!, text]));
    const body = contactCreateBody(s.faker, {
      stage: contactStage(s),
      runId: s.runId,
      required: requiredCreateAttributes(s),
      attributes,
    });
    return s.api.post('/contact', body);
  });
  const id = answeredRecord(made)?.id;
  if (id === undefined) return undefined;
  return { created: made, read: () => c.shared(`${key}: its read`, (s) => s.api.get(`/contact/${id}`)) };
}

group('Robustness › round trip', () => {
  ROUND_TRIP.forEach(([what, text], at) => {
    const name = TEXT_ATTRIBUTES[at % TEXT_ATTRIBUTES.length]!;
    check(
      'robustness.round-trip',
      `${what} in ${name} reads back exactly, on create and on GET`,
      async (c) => {
        const together = await roundTripTogether(c, at - (at % TEXT_ATTRIBUTES.length));
        let created: Exchange;
        let read: () => Promise<Exchange>;
        if (together) ({ created, read } = together);
        else {
          // alone: the text in its attribute, the rest of the body the plain default
          created = await c.api.post(
            '/contact',
            contactCreateBody(c.faker, {
              stage: contactStage(c),
              runId: c.runId,
              required: requiredCreateAttributes(c),
              attributes: { [name]: text },
            }),
          );
          read = async () => c.api.get(`/contact/${c.expect(created).success().data().id}`);
        }
        if (OUTSIDE_BMP.test(text) && c.expect(created).response.status >= 400) {
          c.expect(created)
            .rejected()
            .code([...VALUE_REFUSED]);
          c.observe('text-repertoire', `${what} in ${name} (outside the Basic Multilingual Plane) was refused`);
          return;
        }
        const e = c.expect(created).success();
        for (const record of [
          e.data(),
          c
            .expect(await read())
            .success('contact.get.record')
            .data(),
        ]) {
          const got = valueOf(record, name);
          // text not in NFC may come back normalised (no byte-exact storage is promised): observed
          if (textReadBack(text, got) === 'different') e.fail(`${name} ${show(text)}`, `${name} ${show(got)}`);
          const note = textChoiceNote(name, text, got);
          if (note) c.observe('text-storage', note);
        }
      },
      { endpoint: 'POST /contact' },
    );
  });
});
