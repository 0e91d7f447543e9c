import { check, group } from '../lib/check/check.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Exchange } from '../lib/http/exchange.js';
import {
  contactCreated,
  contactForProbes,
  contactRead,
  contactStage,
  readContact,
  requiredCreateAttributes,
  contactToRead,
} from './steps/contact.js';
import { opportunityContactLinked } from './steps/opportunity.js';
import { contactAccountsRead, contactWithAccounts } from './steps/relationship.js';
import { customObjectPatched, customObjectUpserted, linkedRecordRead } from './steps/custom-object.js';
import { meetingRead, transcriptRead } from './steps/note-meeting.js';
import { plainTextCreate, plainTextPatch } from './steps/plain-text.js';
import { valueOf } from './spec/record.js';
import { show } from '../lib/check/show.js';
import { contactCreateBody } from '../fixtures/builders/contact.js';
import { tagged } from '../fixtures/builders/tag.js';
import { PROVOKE, provoked } from './shared/provoke.js';
import { OPERATIONS } from './spec/operations.js';
import { expectJson, jsonAnswerChecks } from './sweeps/json-answers.js';
import { bodyTargets } from './sweeps/request-bodies.js';

// "All requests and responses use `application/json`."

// Each sample is an answer the run gets anyway, sent once and judged by every check of it
// (suites/steps/, suites/shared/provoke.ts): the contact create, its read, the meeting read, the
// provoked errors. A sample whose status is not what its request must get is that request's rule's
// finding, and this check is blocked on it.
group('Media types › JSON responses', () => {
  const samples: Array<{ endpoint: string; what: string; send: (c: CheckContext) => Promise<Exchange> }> = [
    {
      endpoint: 'POST /contact',
      what: 'a 201 contact create',
      send: async (c) => {
        const { ex } = await contactCreated(c);
        c.expect(ex).status(201, 'contact.create.status-201');
        return ex;
      },
    },
    {
      endpoint: 'GET /contact/{contact_id}',
      what: 'a 2xx contact read',
      send: async (c) => {
        const ex = await contactRead(c);
        c.expect(ex).success('contact.get.record');
        return ex;
      },
    },
    {
      endpoint: 'GET /meeting/{meeting_id}',
      what: 'a 2xx meeting read',
      send: async (c) => {
        const ex = await meetingRead(c);
        c.expect(ex).success('meeting.get.record');
        return ex;
      },
    },
    {
      endpoint: 'GET /contact/{contact_id}',
      what: 'a 4xx for a contact id that names no record',
      send: async (c) => {
        const ex = await provoked(c, PROVOKE.noRecord);
        const s = ex.response?.status ?? 0;
        if (s < 400 || s > 499) c.expect(ex).fail('a 4xx', `HTTP ${s}`, 'error.record-not-found');
        return ex;
      },
    },
    {
      endpoint: 'POST /contact',
      what: 'a 4xx for a create without stage',
      send: async (c) => {
        const ex = await provoked(c, PROVOKE.noStage);
        const s = ex.response?.status ?? 0;
        if (s < 400 || s > 499) c.expect(ex).fail('a 4xx', `HTTP ${s}`, 'contact.create.stage-required');
        return ex;
      },
    },
    {
      endpoint: 'GET /contact/{contact_id}',
      what: 'a 401 without credentials',
      send: async (c) => {
        const ex = await provoked(c, PROVOKE.noAuthorization);
        c.expect(ex).status(401, 'auth.missing-401');
        return ex;
      },
    },
  ];
  for (const s of samples) {
    check(
      'media.json-responses',
      `${s.what} is Content-Type application/json with a body that parses`,
      async (c) => {
        expectJson(c, await s.send(c));
      },
      { endpoint: s.endpoint },
    );
  }
});

// The samples above are record bodies and errors; these cover the other kinds of response the suite
// receives (relationship writes and reads, pages, upserts, the transcript link), each an answer the
// run's shared set-ups got anyway.
group('Media types › JSON on every kind of response', () => {
  /** Every exchange with a body is JSON; an empty body (a DELETE's, not shown) has no type to judge. */
  const judgeAll = (c: CheckContext, seen: readonly Exchange[]) => {
    for (const ex of seen) if (ex.response && ex.response.text.length > 0) expectJson(c, ex);
  };

  check(
    'media.json-responses',
    'relationship writes and reads (contact to account, opportunity to contact, the contact-accounts page) are Content-Type application/json',
    async (c) => {
      const { links } = await contactWithAccounts(c);
      const linked = await opportunityContactLinked(c);
      judgeAll(c, [links[0]!, await contactAccountsRead(c), linked.ex]);
    },
    { endpoint: 'POST /contact/{contact_id}/relationship/{api_name}' },
  );

  check(
    'media.json-responses',
    'an upsert, a custom-object patch and a custom-object relationship page are Content-Type application/json',
    async (c) => {
      const upserted = await customObjectUpserted(c);
      const page = await linkedRecordRead(c);
      const patched = await customObjectPatched(c);
      judgeAll(c, [upserted.ex, page, patched.ex]);
    },
    { endpoint: 'POST /{custom_object_api_name}/_upsert' },
  );

  check(
    'media.json-responses',
    'the transcript link is Content-Type application/json',
    async (c) => {
      const { ex } = await transcriptRead(c);
      c.setup(ex, 'GET /meeting/{meeting_id}/transcript');
      judgeAll(c, [ex]);
    },
    { endpoint: 'GET /meeting/{meeting_id}/transcript' },
  );
});

// Every operation of the table is judged above or says why not (JSON_ANSWERS); one added to the
// table without an entry, whose path names a record, gets this generic check.
group('Media types › JSON answers of the other operations', () => {
  for (const j of jsonAnswerChecks(OPERATIONS)) {
    check(
      'media.json-responses',
      `${j.endpoint}: ${j.what} is Content-Type application/json with a body that parses`,
      (c) => j.run(c),
      { endpoint: j.endpoint },
    );
  }
});

/**
 * A body sent as `type`, which cannot be read as JSON: 415 with the error body, or a refusal as
 * failing validation (request_validation_failed, the rule's `accepts`).
 */
function expectMediaRefused(c: CheckContext, ex: Exchange, type: string): void {
  const e = c.expect(ex);
  const code = (e.response.json as { code?: unknown } | undefined)?.code;
  if (e.response.status !== 415 && code === 'request_validation_failed') {
    e.rejected();
    c.observe('media-type', `a body sent as ${type} was refused HTTP ${e.response.status} request_validation_failed`);
    return;
  }
  e.status(415).errorBody();
}

/** An XML body: no server reads it as JSON, so it can write nothing even where wrongly taken. */
const XML_BODY = '<attributes><title>Probe</title></attributes>';

group('Media types › unsupported request type', () => {
  const types = [
    [
      'application/x-www-form-urlencoded',
      (b: unknown) => `attributes=${encodeURIComponent(JSON.stringify((b as { attributes: unknown }).attributes))}`,
    ],
    ['application/xml', () => '<attributes><first_name>X</first_name></attributes>'],
  ] as const;
  for (const [type, encode] of types) {
    check(
      'media.unsupported-type-415',
      `POST /contact with a body sent as ${type} answers 415 with the error body, or refuses it as failing validation`,
      async (c) => {
        const body = contactCreateBody(c.faker, {
          stage: contactStage(c),
          runId: c.runId,
          required: requiredCreateAttributes(c),
        });
        expectMediaRefused(c, await c.api.send('POST', '/contact', { body: encode(body), contentType: type }), type);
      },
      { endpoint: 'POST /contact' },
    );
  }

  // valid JSON labelled text/plain: that it must be refused is one reading of two (a strict rule)
  // the answers error.code.unsupported-media-type judges too (suites/steps/plain-text.ts, each sent once)
  check(
    'media.text-plain-json-415',
    'POST /contact with valid JSON sent as text/plain answers 415 with the error body',
    async (c) => {
      c.expect(await plainTextCreate(c))
        .status(415)
        .errorBody();
    },
    { endpoint: 'POST /contact' },
  );

  // the contact for probes: only the title this patch sent is looked for afterwards
  check(
    'media.text-plain-json-415',
    'PATCH /contact/{contact_id} with valid JSON sent as text/plain answers 415 and does not store its title',
    async (c) => {
      const { ex, title, contactId } = await plainTextPatch(c);
      const e = c.expect(ex).status(415).errorBody();
      const after = valueOf(await readContact(c, contactId), 'title');
      if (after === title) e.fail(`title not the one the refused patch sent (${show(title)})`, `title ${show(after)}`);
    },
    { endpoint: 'PATCH /contact/{contact_id}' },
  );
});

// every other write with a body, from the operation table (suites/sweeps/request-bodies.ts): the
// same XML on the run's real records, so the media type is the only thing wrong with the request
group('Media types › unsupported request type on every write with a body', () => {
  for (const t of bodyTargets(OPERATIONS, 'media type')) {
    check(
      'media.unsupported-type-415',
      `${t.endpoint} with a body sent as application/xml answers 415 with the error body, or refuses it as failing validation`,
      async (c) => {
        const ex = await c.api.send(t.method, await t.path(c), { body: XML_BODY, contentType: 'application/xml' });
        expectMediaRefused(c, ex, 'application/xml');
      },
      { endpoint: t.endpoint },
    );
  }
});

group('Media types › malformed JSON on every write with a body', () => {
  for (const t of bodyTargets(OPERATIONS, 'malformed JSON')) {
    check(
      'media.malformed-json',
      `${t.endpoint} with truncated JSON is rejected with the error body`,
      async (c) => {
        const text = JSON.stringify(await t.base(c));
        const ex = await c.api.send(t.method, await t.path(c), {
          body: text.slice(0, -1),
          contentType: 'application/json',
        });
        c.expect(ex).rejected();
      },
      { endpoint: t.endpoint },
    );
  }
});

group('Media types › malformed JSON', () => {
  // the truncated object is the provocation the error-body checks judge too (sent once)
  check(
    'media.malformed-json',
    'POST /contact with a truncated object is rejected with the error body',
    async (c) => {
      c.expect(await provoked(c, PROVOKE.malformedJson)).rejected();
    },
    { endpoint: 'POST /contact' },
  );
  const bodies = [
    ['a trailing comma', '{"attributes": {"first_name": "X",}}'],
    ['single-quoted keys', "{'attributes': {'first_name': 'X'}}"],
  ] as const;
  for (const [what, text] of bodies) {
    check(
      'media.malformed-json',
      `POST /contact with ${what} is rejected with the error body`,
      async (c) => {
        c.expect(await c.api.send('POST', '/contact', { body: text, contentType: 'application/json' })).rejected();
      },
      { endpoint: 'POST /contact' },
    );
  }

  // the contact for probes: only the title this patch sent is looked for afterwards
  check(
    'media.malformed-json',
    'PATCH /contact/{contact_id} with truncated JSON is rejected and does not store its title',
    async (c) => {
      const contact = await contactForProbes(c);
      const title = tagged(`Trunc ${c.faker.string.alphanumeric(8)}`, c.runId);
      const text = JSON.stringify({ attributes: { title } });
      const e = c
        .expect(
          await c.api.send('PATCH', `/contact/${contact.id}`, {
            body: text.slice(0, text.length - 2),
            contentType: 'application/json',
          }),
        )
        .rejected();
      const after = valueOf(await readContact(c, contact.id), 'title');
      if (after === title) e.fail(`title not the one the refused patch sent (${show(title)})`, `title ${show(after)}`);
    },
    { endpoint: 'PATCH /contact/{contact_id}' },
  );
});

// RFC 9110 §12.5.1: with an Accept the server cannot satisfy, it "can either honor the header field
// by sending a 406 (Not Acceptable) response or disregard the header field". Either is legal, so which
// one is observed; what each must look like is stated: an error carries the error body, and every
// response is JSON.
group('Media types › not acceptable', () => {
  const sends: Array<[string, string, (c: CheckContext) => Promise<Exchange>]> = [
    [
      'GET /contact/{contact_id}',
      'GET /contact/{contact_id}',
      async (c) => c.api.get(`/contact/${(await contactToRead(c)).id}`, { headers: { accept: 'text/html' } }),
    ],
    [
      'POST /contact',
      'POST /contact',
      (c) =>
        c.api.post(
          '/contact',
          contactCreateBody(c.faker, { stage: contactStage(c), runId: c.runId, required: requiredCreateAttributes(c) }),
          { headers: { accept: 'text/html' } },
        ),
    ],
  ];
  for (const [endpoint, what, send] of sends) {
    check(
      'media.json-responses',
      `${what} accepting only text/html: a 406 carries the error body, a success is JSON (RFC 9110 lets the server do either)`,
      async (c) => {
        const ex = await send(c);
        const e = c.expect(ex);
        c.observe(
          'not-acceptable',
          `${what} with Accept: text/html answered HTTP ${e.response.status} (${e.response.headers['content-type'] ?? 'no Content-Type'})`,
        );
        if (e.response.status >= 400) e.errorBody();
        expectJson(c, ex);
      },
      { endpoint },
    );
  }
});
