import { check, group } from '../lib/check/check.js';
import { statedOperations, unknownIds, type Operation } from '../lib/steps/operations.js';
import { contactRead } from '../lib/steps/contact.js';
import { PROVOKE, provoked } from './shared/provoke.js';
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

/**
 * GET /contact/{contact_id} is the operation of the error-body checks' provocations (suites/shared/provoke.ts):
 * their answer, sent once, is judged here too.
 */
const PROVOKED = 'GET /contact/{contact_id}';

// A route left outside authentication is a fault of one operation: every stated operation is sent
// a request without a credential.
group('Authentication › missing credential', () => {
  for (const op of operations) {
    check(
      'auth.missing-401',
      `${op.endpoint} without Authorization answers 401`,
      async (c) => {
        const ex =
          op.endpoint === PROVOKED
            ? await provoked(c, PROVOKE.noAuthorization)
            : await c.api.send(op.method, op.path, { auth: 'none', json: bodyOf(c, op), ...harmless(op) });
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

/**
 * How a key is judged (rejected as a key: 401 invalid_api_key) is the authenticator's, which every
 * route that authenticates at all shares (the missing-credential checks above find a route that does
 * not): an unknown key goes to one operation of each method, not to all of them.
 */
const UNKNOWN_KEY_OPERATIONS = new Set([
  PROVOKED,
  'POST /contact',
  'PATCH /contact/{contact_id}',
  'DELETE /account/{account_id}',
]);

group('Authentication › unknown key', () => {
  for (const op of operations.filter((o) => UNKNOWN_KEY_OPERATIONS.has(o.endpoint))) {
    check(
      'auth.invalid-key',
      `${op.endpoint} with an unknown Bearer key answers 401 invalid_api_key`,
      async (c) => {
        const key = `pra_conformance_unknown_${c.faker.string.alphanumeric(24)}`;
        const auth = { raw: `Bearer ${key}` };
        const ex =
          op.endpoint === PROVOKED
            ? await provoked(c, PROVOKE.unknownKey)
            : await c.api.send(op.method, op.path, { auth, json: bodyOf(c, op), ...harmless(op) });
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
      // the run's read of its contact (sent once); only a 401 breaks this rule, what else the read
      // answers is judged by the contact read's checks
      const e = c.expect(await contactRead(c));
      if (e.response.status === 401)
        e.fail('the key accepted (not 401)', `HTTP 401${e.response.text ? ` ${e.response.text.slice(0, 160)}` : ''}`);
    },
    { endpoint: 'GET /contact/{contact_id}' },
  );
});
