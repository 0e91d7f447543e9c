import { check, group } from '../lib/check/check.js';
import { contactRead } from './steps/contact.js';
import { PROVOKE, provoked } from './shared/provoke.js';
import { tagged } from '../fixtures/builders/tag.js';
import { OPERATIONS } from './spec/operations.js';
import { authenticationSweep } from './sweeps/authentication.js';
import { namesNothing, probeBody, type Probe } from './sweeps/probes.js';

// Every stated operation, from the operation table (suites/spec/operations.ts), on values that name nothing.
const sweep = authenticationSweep(OPERATIONS);

/**
 * Every id these requests name is one that names nothing, so a server that wrongly took one would
 * change nothing, and --read-only sends it; a create it took would make a record, so --read-only
 * does not send those (the client skips them, saying what they would create).
 */
function harmless(op: Probe): { harmless?: string } {
  return namesNothing(op) ? { harmless: 'its ids name nothing' } : {};
}

/**
 * GET /contact/{contact_id} is the operation of the error-body checks' provocations (suites/shared/provoke.ts):
 * their answer, sent once, is judged here too.
 */
const PROVOKED = 'GET /contact/{contact_id}';

// A route left outside authentication is a fault of one operation: every stated operation is sent
// a request without a credential.
group('Authentication › missing credential', () => {
  for (const op of sweep.missingCredential) {
    check(
      'auth.missing-401',
      `${op.endpoint} without Authorization answers 401`,
      async (c) => {
        const ex =
          op.endpoint === PROVOKED
            ? await provoked(c, PROVOKE.noAuthorization)
            : await c.api.send(op.method, op.path, {
                auth: 'none',
                json: probeBody(op, tagged('Probe', c.runId)),
                ...harmless(op),
              });
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
        const op = sweep.missingCredential.find((o) => o.endpoint === PROVOKED)!;
        c.expect(await c.api.get(op.path, { auth: { raw } }))
          .status(401)
          .errorBody();
      },
      { endpoint: 'GET /contact/{contact_id}' },
    );
  }
});

group('Authentication › unknown key', () => {
  for (const op of sweep.unknownKey) {
    check(
      'auth.invalid-key',
      `${op.endpoint} with an unknown Bearer key answers 401 invalid_api_key`,
      async (c) => {
        const key = `pra_conformance_unknown_${c.faker.string.alphanumeric(24)}`;
        const auth = { raw: `Bearer ${key}` };
        const ex =
          op.endpoint === PROVOKED
            ? await provoked(c, PROVOKE.unknownKey)
            : await c.api.send(op.method, op.path, {
                auth,
                json: probeBody(op, tagged('Probe', c.runId)),
                ...harmless(op),
              });
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
