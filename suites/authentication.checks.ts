import { check, group } from '../lib/check/check.js';
import { statedOperations, unknownIds, type Operation } from '../lib/steps/operations.js';
import { contactToRead } from '../lib/steps/contact.js';
import type { CheckContext } from '../lib/check/context.js';
import { tagged } from '../builders/tag.js';

// Authentication comes before everything else an endpoint does, so ids that name nothing are
// enough: whatever the id, a request without an acceptable credential is answered 401.
const ids = unknownIds();
const operations = statedOperations(ids);

/** The operation's body with the run id in its strings. */
function bodyOf(c: CheckContext, op: Operation): unknown {
  return statedOperations(ids, tagged('Probe', c.runId)).find((o) => o.endpoint === op.endpoint)?.body;
}

/**
 * Every id these requests name is one that names nothing, so a server that wrongly took one would
 * change nothing, and --read-only sends it; a create it took would make a record, so --read-only
 * does not send those (the client skips them, saying what they would create).
 */
function harmless(op: Operation): { harmless?: string } {
  return op.method !== 'GET' && !CREATES.has(op.endpoint) ? { harmless: 'its ids name nothing' } : {};
}
const CREATES = new Set([
  'POST /contact',
  'POST /account',
  'POST /opportunity',
  'POST /{custom_object_api_name}/_upsert',
]);

group('Authentication › missing credential', () => {
  for (const op of operations) {
    check(
      'auth.missing-401',
      `${op.endpoint} without Authorization answers 401`,
      async (c) => {
        const ex = await c.api.send(op.method, op.path, { auth: 'none', json: bodyOf(c, op), ...harmless(op) });
        c.expect(ex).status(401).errorBody();
      },
      { endpoint: op.endpoint },
    );
  }
});

group('Authentication › malformed credential', () => {
  const malformed = [
    ['a Basic credential', 'Basic Y29uZm9ybWFuY2U6cHJvYmU='],
    ['Bearer with no key', 'Bearer'],
    ['a bare key without the Bearer scheme', 'pra_conformance_not_a_scheme'],
  ] as const;
  for (const [what, raw] of malformed) {
    check(
      'auth.missing-401',
      `GET /contact/{contact_id} with ${what} answers 401`,
      async (c) => {
        const op = operations[1]!;
        c.expect(await c.api.get(op.path, { auth: { raw } }))
          .status(401)
          .errorBody();
      },
      { endpoint: 'GET /contact/{contact_id}' },
    );
  }
});

group('Authentication › unknown key', () => {
  for (const op of operations) {
    check(
      'auth.invalid-key',
      `${op.endpoint} with an unknown Bearer key answers 401 invalid_api_key`,
      async (c) => {
        const key = `pra_conformance_unknown_${c.faker.string.alphanumeric(24)}`;
        const auth = { raw: `Bearer ${key}` };
        const ex = await c.api.send(op.method, op.path, { auth, json: bodyOf(c, op), ...harmless(op) });
        c.expect(ex).status(401).errorBody().code('invalid_api_key');
      },
      { endpoint: op.endpoint },
    );
  }
});

group('Authentication › valid key', () => {
  check(
    'auth.bearer-accepted',
    'a valid key in Authorization: Bearer is not answered 401',
    async (c) => {
      const contact = await contactToRead(c);
      // only a 401 breaks this rule; what else the read answers is judged by the contact read's checks
      const e = c.expect(await c.api.get(`/contact/${contact.id}`));
      if (e.response.status === 401)
        e.fail('the key accepted (not 401)', `HTTP 401${e.response.text ? ` ${e.response.text.slice(0, 160)}` : ''}`);
    },
    { endpoint: 'GET /contact/{contact_id}' },
  );
});
