import { check, group } from '../lib/check/check.js';
import { requiredOnCreate } from './steps/required-on-create.js';
import { contactStage, requiredCreateAttributes, contactToRead } from './steps/contact.js';
import { show } from '../lib/check/show.js';
import { opportunityName } from '../fixtures/builders/opportunity.js';
import { contactCreateBody } from '../fixtures/builders/contact.js';
import { accountCreateBody } from '../fixtures/builders/account.js';
import {
  ownedAttributes,
  customObject,
  expectValueNotTaken,
  freshUpsertBody,
  recordForProbes,
} from './steps/custom-object.js';
import { opportunityStage, opportunityAccount } from './steps/opportunity.js';
import { sendRefused, type Refusal } from './shared/refused-writes.js';
import { OPERATIONS, type CreateEndpoint } from './spec/operations.js';
import { readOnlyChecks, type CaseOf } from './sweeps/read-only.js';

// auth.forbidden-403: "A caller without permission for the operation yields 403." The read-only
// key of organization A tries every write the spec states, on real records of organization A with a
// valid body (so permission is the only reason to refuse), and the record is unchanged afterwards.

// The read-only key's refusal: 403 with the error body. Not searched for leaked data: the caller is of
// organization A, and nothing in the spec forbids a 403 that names organization A's own record.
const READ_ONLY: Refusal = {
  key: 'readOnlyApiKey',
  caller: 'the read-only key',
  label: 'Forbidden',
  expectRefused: (e) => {
    e.status(403).errorBody();
  },
};

// Writes of this suite alone, one for every write of the table whose path names no record (the
// compiler holds it): creates, and an upsert on an existing record's match value (the same upsert
// from organization B may make a record of B's own, so it is no refused write there). Every write on
// a record is the shared table of refused writes (suites/shared/refused-writes.ts).
const CREATES_AND_UPSERT: { readonly [E in CreateEndpoint]: CaseOf } = {
  'POST /contact': {
    what: 'a valid contact create',
    run: async (c) => {
      await sendRefused(c, READ_ONLY, {
        method: 'POST',
        path: '/contact',
        json: contactCreateBody(c.faker, {
          stage: contactStage(c),
          runId: c.runId,
          required: requiredCreateAttributes(c),
        }),
      });
    },
  },
  'POST /account': {
    what: 'a valid account create',
    run: async (c) => {
      await sendRefused(c, READ_ONLY, {
        method: 'POST',
        path: '/account',
        json: accountCreateBody(c.faker, { runId: c.runId, required: requiredOnCreate(c, 'account') }),
      });
    },
  },
  'POST /opportunity': {
    what: 'a valid opportunity create',
    run: async (c) => {
      const account = await opportunityAccount(c);
      const json = {
        attributes: {
          ...requiredOnCreate(c, 'opportunity'),
          display_name: opportunityName(c.faker, c.runId, 'Forbidden deal'),
          stage: opportunityStage(c),
          account_id: account.id,
        },
      };
      await sendRefused(c, READ_ONLY, { method: 'POST', path: '/opportunity', json });
    },
  },
  'POST /{custom_object_api_name}/_upsert': {
    what: "an upsert on an existing record's match value; the record does not take its value",
    run: async (c) => {
      const co = customObject(c);
      // the run's record the checks only read (shared): the probe looks only for its own value
      const target = await recordForProbes(c, co);
      const attributes = ownedAttributes(c, co, READ_ONLY.label);
      await sendRefused(c, READ_ONLY, {
        method: 'POST',
        path: `/${co.apiName}/_upsert`,
        json: freshUpsertBody(c, co, target.value, attributes),
      });
      await expectValueNotTaken(c, co, target, attributes);
    },
  },
};

group('Authorization › read-only key on every write', () => {
  for (const w of readOnlyChecks(READ_ONLY, OPERATIONS, CREATES_AND_UPSERT)) {
    check(
      'auth.forbidden-403',
      `${w.endpoint} with the read-only key answers 403: ${w.what}`,
      async (c) => {
        c.needKey('readOnlyApiKey');
        await w.run(c);
      },
      { endpoint: w.endpoint },
    );
  }
});

group('Authorization › read-only key reads', () => {
  check(
    'auth.bearer-accepted',
    'the read-only key reads a contact of its organization',
    async (c) => {
      c.needKey('readOnlyApiKey');
      const contact = await contactToRead(c);
      const e = c.expect(await c.api.get(`/contact/${contact.id}`, { auth: 'readOnlyApiKey' }));
      if (e.response.status === 401) e.fail('the read-only key accepted (not 401)', 'HTTP 401');
      // anything but a 2xx is not this rule's: the read-only key's rights are the user's set-up
      if (e.response.status < 200 || e.response.status > 299) return;
      const read = e.data();
      if (read.id !== contact.id) e.fail(`data.id ${contact.id}`, `data.id ${show(read.id)}`);
    },
    { endpoint: 'GET /contact/{contact_id}' },
  );
});
