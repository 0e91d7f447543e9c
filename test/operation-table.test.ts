import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../suites/spec/operations.js';
import { operationTable, type AnyTable } from '../suites/spec/operation-row.js';
import { apiOperationsOf, STATED_OPERATIONS } from '../suites/spec/api-operations.js';
import { authenticationSweep } from '../suites/sweeps/authentication.js';
import { hostileIdTargets, laterIdTargets } from '../suites/sweeps/hostile-ids.js';
import { bodyTargets, type BodyFamily } from '../suites/sweeps/request-bodies.js';
import { withAttributes, withBody, withMatch } from '../suites/spec/operation-row.js';
import { readOnlyChecks, type CaseOf } from '../suites/sweeps/read-only.js';
import { organizationBChecks } from '../suites/sweeps/organization-b.js';
import { JSON_ANSWERS, jsonAnswerChecks } from '../suites/sweeps/json-answers.js';
import { REFUSED_WRITES, type AnyRefusedWrite, type Refusal } from '../suites/shared/refused-writes.js';
import { OperationIndex } from '../lib/operations/operation-index.js';
import { openApiDocument } from '../suites/spec/openapi.js';
import { coverageMap } from '../lib/coverage/coverage-map.js';
import { worstOutcome } from '../lib/http/worst-outcome.js';
import { createdBy } from '../lib/safety/created.js';
import { fixtureOfStep } from '../lib/check/step-fixtures.js';
import type { Exchange, ExchangeResponse } from '../lib/http/exchange.js';
import type { CheckContext } from '../lib/check/context.js';
import { throughArchivedRecordRead, throughUnstatedRecordRead } from '../suites/steps/unstated-route.js';
import { allRoutes } from '../reference/routes/index.js';
import { matchRoute } from '../reference/router.js';
import { probes } from '../suites/sweeps/probes.js';
import { unservedPaths } from '../suites/sweeps/unserved-path.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';
import { readBackChecks, readBackPath, type ReadBackCase } from '../suites/sweeps/read-backs.js';
import { READ_BACKS } from '../suites/shared/read-backs.js';
import { ambiguousMatchChecks } from '../suites/sweeps/matches.js';
import { errorAnswerTargets } from '../suites/sweeps/error-answers.js';

// Issue 32, item 1: every per-operation list derives from the operation table. A copy of the table
// with operations added (a read, a write with a method no stated operation has, a create) must be
// picked up by every sweep, the OpenAPI document, the coverage map and the engine's derivations.

const SUCCESS = { status: '2XX', schema: 'unshown', description: 'fake' } as const;

/** The real table, and three operations it lacks, declared under the same compiler checks as the real rows. */
const COPY = operationTable({
  ...OPERATIONS,
  // the operation issue 32 tried: a read of an account
  'GET /account/{account_id}': {
    summary: 'Read an account',
    params: { account_id: 'account id' },
    request: null,
    success: { status: '2XX', schema: 'envelopes/single/account', description: 'The account.' },
    creates: null,
    wronglyAccepted: null,
    fixtures: [],
    readBack: 'GET /account/{account_id}',
    archived404: 'allowed',
    probe: { body: null },
  },
  // a write on a record, with a method no stated operation has
  'PUT /contact/{contact_id}/widget': {
    summary: 'Replace the widget of a contact',
    params: { contact_id: 'contact id' },
    request: 'requests/attributes-body',
    success: SUCCESS,
    creates: null,
    wronglyAccepted: 'replace a widget',
    fixtures: ['contact.stage'],
    readBack: 'GET /contact/{contact_id}',
    archived404: null,
    probe: { body: (name) => ({ attributes: { widget: name } }) },
  },
  // a create, archived by a stated DELETE
  'POST /task': {
    summary: 'Create a task',
    params: {},
    request: 'requests/attributes-body',
    success: SUCCESS,
    creates: { what: { type: 'task' }, archive: { by: 'DELETE /task/{task_id}' } },
    wronglyAccepted: 'create a task',
    fixtures: ['taskToArchive'],
    readBack: { none: 'fake' },
    archived404: null,
    probe: { body: (name) => ({ attributes: { title: name } }) },
  },
});
const FAKES = ['GET /account/{account_id}', 'PUT /contact/{contact_id}/widget', 'POST /task'];

const REFUSAL: Refusal = { key: 'readOnlyApiKey', caller: 'test', label: 'Test', expectRefused: () => undefined };
const CASE: CaseOf = { what: 'a fake case', run: () => Promise.resolve() };
const WRITE: AnyRefusedWrite = {
  writesTo: ['own'],
  what: { readOnlyApiKey: 'a fake write', otherOrgApiKey: 'a fake write' },
  run: () => Promise.resolve(),
};
const endpoints = (list: ReadonlyArray<{ endpoint: string }>) => list.map((x) => x.endpoint);

describe('the operation table', () => {
  it('holds one row per stated operation, each complete (the compiler checks the rows; this checks what it cannot)', () => {
    const index = new OperationIndex(apiOperationsOf(OPERATIONS));
    for (const op of index.all) {
      // a row names another only as an operation of the table
      const readBack = (OPERATIONS as AnyTable)[op.endpoint]!.readBack;
      if (typeof readBack === 'string') expect(index.operation(readBack)?.method, op.endpoint).toBe('GET');
      if (op.creates !== null && 'by' in op.creates.archive) {
        const archive = index.operation(op.creates.archive.by);
        expect(archive?.method, op.endpoint).toBe('DELETE');
        // the archive's parameters: the create's, and one the new id takes
        const own = Object.keys(op.params);
        expect(
          Object.keys(archive!.params).filter((p) => !own.includes(p)),
          op.endpoint,
        ).toHaveLength(1);
      }
      expect(op.wronglyAccepted === null, op.endpoint).toBe(op.method === 'GET');
    }
  });

  it('keeps a row the compiler would refuse out of every table (an incomplete row does not compile)', () => {
    const incomplete = () =>
      operationTable({
        // @ts-expect-error a write without its worst outcome
        'PATCH /thing/{thing_id}': {
          summary: 'x',
          params: { thing_id: 'task id' },
          request: 'requests/attributes-body',
          success: SUCCESS,
          creates: null,
          fixtures: [],
          readBack: { none: 'fake' },
          archived404: null,
          probe: { body: () => ({}) },
        },
        'GET /thing/{thing_id}': {
          summary: 'x',
          // @ts-expect-error a parameter the path does not have
          params: { other_id: 'task id' },
          request: null,
          success: SUCCESS,
          creates: null,
          wronglyAccepted: null,
          fixtures: [],
          // @ts-expect-error a read-back that is no GET of the table
          readBack: 'GET /nowhere',
          archived404: 'allowed',
          probe: { body: null },
        },
        // @ts-expect-error a read that does not say whether it may answer 404 for an archived record
        'GET /thing/{thing_id}/other': {
          summary: 'x',
          params: { thing_id: 'task id' },
          request: null,
          success: SUCCESS,
          creates: null,
          wronglyAccepted: null,
          fixtures: [],
          readBack: { none: 'fake' },
          probe: { body: null },
        },
      });
    expect(typeof incomplete).toBe('function');
  });
});

describe('a copy of the table with operations added: every sweep and derivation picks them up', () => {
  const copy: AnyTable = COPY;

  it('the 401 sweep sends every operation without a credential; the invalid-key sweep a new method', () => {
    const sweep = authenticationSweep(copy);
    expect(endpoints(sweep.missingCredential)).toEqual(Object.keys(COPY));
    const read = sweep.missingCredential.find((p) => p.endpoint === 'GET /account/{account_id}')!;
    expect(read.path).toMatch(/^\/account\/[0-9a-f-]{36}$/);
    expect(endpoints(sweep.unknownKey)).toEqual([
      'POST /contact',
      'GET /contact/{contact_id}',
      'PATCH /contact/{contact_id}',
      'DELETE /account/{account_id}',
      'PUT /contact/{contact_id}/widget',
    ]);
  });

  it('the hostile-id sweep sends ids that are not uuids to every operation with an id (all of them to a new method)', () => {
    const targets = hostileIdTargets(copy);
    const byEndpoint = new Map(targets.map((t) => [t.endpoint, t]));
    expect(byEndpoint.get('GET /account/{account_id}')?.all).toBe(false);
    expect(byEndpoint.get('PUT /contact/{contact_id}/widget')?.all).toBe(true);
    expect(byEndpoint.has('POST /task')).toBe(false);
    const c = { need: (v: unknown) => v, fixtures: {} } as never;
    expect(byEndpoint.get('GET /account/{account_id}')!.path(c, 'not-a-uuid')).toBe('/account/not-a-uuid');
  });

  it('every family of checks on a body sends its body to the new writes; an unknown attribute needs a valid create', () => {
    const families: BodyFamily[] = ['media type', 'malformed JSON', 'oversize'];
    for (const family of families) {
      const reached = endpoints(bodyTargets(copy, family));
      expect(reached, family).toEqual(expect.arrayContaining(['PUT /contact/{contact_id}/widget', 'POST /task']));
      expect(
        reached.filter((e) => e.startsWith('GET ') || e.startsWith('DELETE ')),
        family,
      ).toEqual([]);
    }
    const creates = { 'POST /account': () => Promise.resolve({}), 'POST /opportunity': () => Promise.resolve({}) };
    expect(() => bodyTargets(copy, 'unknown attribute', creates)).toThrow(/POST \/task has no valid create/);
    const unknown = bodyTargets(copy, 'unknown attribute', { ...creates, 'POST /task': () => Promise.resolve({}) });
    expect(endpoints(unknown)).toEqual(expect.arrayContaining(['PUT /contact/{contact_id}/widget', 'POST /task']));
    // the relationship POSTs and the phone-item PATCH carry no attributes: no attribute name to get wrong
    expect(endpoints(unknown).filter((e) => e.includes('relationship') || e.includes('phone'))).toEqual([]);
    // and the rules' endpoint lists are the same functions of the table
    expect(withBody(copy)).toEqual(expect.arrayContaining(['PUT /contact/{contact_id}/widget', 'POST /task']));
    expect(withAttributes(copy)).toContain('PUT /contact/{contact_id}/widget');
  });

  it('the later-id sweep sends not-a-uuid as every id after the first, the ids before it real', () => {
    const withItem = operationTable({
      ...COPY,
      'DELETE /contact/{contact_id}/widget/{item_id}': {
        summary: 'Remove a widget item',
        params: { contact_id: 'contact id', item_id: 'phone item id' },
        request: null,
        success: SUCCESS,
        creates: null,
        wronglyAccepted: 'remove a widget item',
        fixtures: [],
        readBack: { none: 'fake' },
        archived404: null,
        probe: { body: null },
      },
    });
    const targets = laterIdTargets(withItem);
    expect(targets.map((t) => `${t.endpoint} ${t.name}`)).toEqual(
      expect.arrayContaining([
        'PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id} item_id',
        'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id} target_id',
        'DELETE /contact/{contact_id}/widget/{item_id} item_id',
      ]),
    );
    // the first id of a path is the hostile-id sweep's
    expect(targets.some((t) => t.name === 'contact_id' || t.name === 'record_id')).toBe(false);
  });

  it("the error answers of the new operations are judged by the error body's rules, each at its own operation", () => {
    const targets = errorAnswerTargets(copy);
    expect(endpoints(targets)).toEqual(expect.arrayContaining(['PUT /contact/{contact_id}/widget', 'POST /task']));
    expect(targets.find((t) => t.endpoint === 'POST /task')).toMatchObject({ operations: ['POST /task'] });
  });

  it('the unserved path is one no operation of the table serves; a table whose new operation would serve it does not load', () => {
    const path = unservedPaths(copy)('abc123');
    const index = new OperationIndex(apiOperationsOf(copy));
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
      expect(index.endpointOf(method, path)).toBeUndefined();
    const servingIt = operationTable({
      ...COPY,
      'GET /{api_name}': {
        summary: 'Read a relationship by name',
        params: { api_name: 'relationship api_name' },
        request: null,
        success: SUCCESS,
        creates: null,
        wronglyAccepted: null,
        fixtures: [],
        readBack: { none: 'fake' },
        archived404: 'allowed',
        probe: { body: null },
      },
    });
    expect(() => unservedPaths(servingIt)).toThrow(/GET \/\{api_name\} serves/);
  });

  it('the read-only sweep takes every write; one without a case stops the suite from loading, naming it', () => {
    expect(() => readOnlyChecks(REFUSAL, copy, {})).toThrow(/POST \/contact has no case/);
    const creates = Object.fromEntries(
      ['POST /contact', 'POST /account', 'POST /opportunity', 'POST /{custom_object_api_name}/_upsert'].map((e) => [
        e,
        CASE,
      ]),
    );
    expect(() => readOnlyChecks(REFUSAL, copy, creates)).toThrow(/POST \/task has no case in CREATES_AND_UPSERT/);
    expect(() => readOnlyChecks(REFUSAL, copy, { ...creates, 'POST /task': CASE })).toThrow(
      /PUT \/contact\/\{contact_id\}\/widget has no case in REFUSED_WRITES/,
    );
    const checks = readOnlyChecks(
      REFUSAL,
      copy,
      { ...creates, 'POST /task': CASE },
      {
        ...REFUSED_WRITES,
        'PUT /contact/{contact_id}/widget': WRITE,
      },
    );
    expect(endpoints(checks)).toEqual(expect.arrayContaining(['POST /task', 'PUT /contact/{contact_id}/widget']));
    expect(endpoints(checks).filter((e) => e.startsWith('GET '))).toEqual([]);
  });

  it('the ambiguous-match sweep takes every operation whose body carries a match, a new one too', () => {
    const matching = [
      'POST /contact/{contact_id}/relationship/{api_name}',
      'POST /opportunity/{opportunity_id}/relationship/{api_name}',
      'POST /{custom_object_api_name}/_upsert',
    ];
    const cases = Object.fromEntries(matching.map((e) => [e, CASE]));
    expect(endpoints(ambiguousMatchChecks(copy, cases))).toEqual(matching);
    const linkTask = 'POST /task/{task_id}/relationship/{api_name}';
    const withLink: AnyTable = {
      ...copy,
      [linkTask]: {
        ...copy['POST /opportunity/{opportunity_id}/relationship/{api_name}']!,
        params: { task_id: 'task id', api_name: 'relationship api_name' },
      },
    };
    expect(() => ambiguousMatchChecks(withLink, cases)).toThrow(
      /POST \/task\/\{task_id\}\/relationship\/\{api_name\} has no case in AMBIGUOUS_MATCHES/,
    );
    expect(endpoints(ambiguousMatchChecks(withLink, { ...cases, [linkTask]: CASE }))).toEqual([...matching, linkTask]);
    // the rule's endpoint list is the same function of the table
    expect(withMatch(withLink)).toEqual([...matching, linkTask]);
    expect(CATALOGUE.rules['error.code.ambiguous-match']!.endpoints).toEqual(matching);
  });

  it("organization B's sweep reads the new read with the generic read, and takes the new write", () => {
    const reads = Object.fromEntries(
      [
        'GET /contact/{contact_id}/relationship/accounts',
        'GET /meeting/{meeting_id}/transcript',
        'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}',
      ].map((e) => [e, CASE]),
    );
    const writes = { ...REFUSED_WRITES, 'PUT /contact/{contact_id}/widget': WRITE };
    const checks = organizationBChecks(REFUSAL, copy, reads, writes);
    const read = checks.find((x) => x.endpoint === 'GET /account/{account_id}');
    expect(read?.what).toBe("reading organization A's account");
    expect(endpoints(checks)).toContain('PUT /contact/{contact_id}/widget');
    // creates name no record of organization A in their path: not swept here
    expect(endpoints(checks)).not.toContain('POST /task');
    expect(() => organizationBChecks(REFUSAL, copy, reads)).toThrow(
      /PUT \/contact\/\{contact_id\}\/widget has no case/,
    );
  });

  it('the JSON-answer sweep judges the new operations with an id; a create without an entry stops the load', () => {
    expect(() => jsonAnswerChecks(copy)).toThrow(/POST \/task: no entry in JSON_ANSWERS/);
    const checks = jsonAnswerChecks(copy, { ...JSON_ANSWERS, 'POST /task': { notJudged: 'fake' } });
    expect(endpoints(checks)).toEqual(['GET /account/{account_id}', 'PUT /contact/{contact_id}/widget']);
    // the real table: the generic check goes to exactly the operations JSON_ANSWERS does not name
    const unnamed = Object.keys(OPERATIONS).filter((e) => !Object.hasOwn(JSON_ANSWERS, e));
    expect(endpoints(jsonAnswerChecks(OPERATIONS))).toEqual(unnamed);
  });

  it('the OpenAPI document describes the new operations', () => {
    const doc = openApiDocument('t', apiOperationsOf(copy)) as {
      paths: Record<string, Record<string, { parameters: Array<{ name: string }>; requestBody?: unknown }>>;
    };
    expect(doc.paths['/account/{account_id}']?.['get']?.parameters.map((p) => p.name)).toEqual(['account_id']);
    expect(doc.paths['/contact/{contact_id}/widget']?.['put']?.requestBody).toBeDefined();
    expect(doc.paths['/task']?.['post']).toBeDefined();
  });

  it('the coverage map counts the new operations among those a run never saw', () => {
    const map = coverageMap({
      catalogue: CATALOGUE,
      endpoints: Object.keys(copy),
      checkCounts: new Map(),
      variations: [],
      run: { checks: [], operations: ['GET /account/{account_id}'], errorCodes: [] },
    });
    expect(map.contract?.operations.exercised).toEqual(['GET /account/{account_id}']);
    expect(map.contract?.operations.neverSeen).toEqual(expect.arrayContaining(FAKES.slice(1)));
    expect(map.contract?.operations.neverSeen).toHaveLength(Object.keys(copy).length - 1);
  });

  it("the engine's derivations: the stated operation, the worst outcome, the created record, the step's fixture", () => {
    const index = new OperationIndex(apiOperationsOf(copy));
    const id = '11111111-1111-4111-8111-111111111111';
    expect(index.endpointOf('GET', `/account/${id}`)).toBe('GET /account/{account_id}');
    expect(index.endpointOf('PUT', `/contact/${id}/widget`)).toBe('PUT /contact/{contact_id}/widget');
    expect(worstOutcome('PUT', `/contact/${id}/widget`, index)).toBe('replace a widget');
    const res = { status: 201, headers: {}, text: '', json: { data: { id } } } as unknown as ExchangeResponse;
    expect(createdBy('POST', '/task', res, '{}', index)).toEqual({ id, type: 'task', path: `/task/${id}` });
    expect(fixtureOfStep('POST /task', index)).toBe('taskToArchive');
    expect(fixtureOfStep('PUT /contact/{contact_id}/widget (otherOrgApiKey)', index)).toBe('contact.stage');
  });
});

describe('the read-back family: every write row with a readBack, read back through it', () => {
  const id = '22222222-2222-4222-8222-222222222222';
  /** A context whose every GET answers `read`; the family's expectations fail with a readable message. */
  function context(read: unknown): { c: CheckContext; got: string[] } {
    const got: string[] = [];
    const answer = (url: string, json: unknown) =>
      ({ request: { method: 'GET', url }, response: { status: 200, headers: {}, text: '', json }, ms: 1 }) as never;
    const e = {
      success: () => e,
      json: () => read,
      fail: (expected: string, actual: string) => {
        throw new Error(`${expected} | ${actual}`);
      },
    };
    const c = {
      api: {
        get: (path: string) => {
          got.push(`GET ${path}`);
          return Promise.resolve(answer(`http://127.0.0.1/api${path}`, read));
        },
      },
      setup: () => undefined,
      expect: () => e,
      observe: (topic: string, text: string) => got.push(`observe ${topic}: ${text}`),
      notApplicable: (reason: string) => {
        throw new Error(`not applicable: ${reason}`);
      },
    } as unknown as CheckContext;
    return { c, got };
  }
  const widget: ReadBackCase = {
    rule: 'contact.patch.partial',
    what: 'a widget',
    written: () =>
      Promise.resolve({
        write: { request: { method: 'PUT', url: '' }, response: { status: 200, headers: {}, text: '', json: {} } },
        params: { contact_id: id },
        values: [{ name: 'widget', sent: 'blue', shown: (b: unknown) => (b as { widget?: unknown }).widget }],
      } as never),
  };

  it('a write the table adds with a readBack stops the load without a case, and is read back through it with one', async () => {
    expect(() => readBackChecks(COPY, READ_BACKS)).toThrow(
      /PUT \/contact\/\{contact_id\}\/widget has no case in READ_BACKS/,
    );
    const checks = readBackChecks(COPY, { ...READ_BACKS, 'PUT /contact/{contact_id}/widget': [widget] });
    const reached = checks.find((k) => k.endpoint === 'PUT /contact/{contact_id}/widget')!;
    expect(reached.rule).toBe('contact.patch.partial');
    expect(readBackPath(COPY, 'PUT /contact/{contact_id}/widget', { contact_id: id })).toBe(`/contact/${id}`);
    // the family reads the row's readBack once, and judges the value written there
    const kept = context({ widget: 'blue' });
    await reached.run(kept.c);
    expect(kept.got).toEqual([`GET /contact/${id}`]);
    const lost = context({ widget: null });
    await expect(reached.run(lost.c)).rejects.toThrow('widget "blue" as written | widget null');
    // a write without a readBack ({ none }) is no member: POST /task, DELETE /task/{task_id}
    expect(checks.map((k) => k.endpoint)).not.toContain('POST /task');
  });

  it('a read-back naming a parameter its write lacks stops the load (a create may name its new record)', () => {
    const elsewhere = operationTable({
      ...COPY,
      'PUT /contact/{contact_id}/widget': {
        ...COPY['PUT /contact/{contact_id}/widget'],
        readBack: 'GET /note/{note_id}',
      },
    });
    expect(() => readBackChecks(elsewhere, { ...READ_BACKS, 'PUT /contact/{contact_id}/widget': [widget] })).toThrow(
      /widget: its read-back needs note_id/,
    );
    expect(readBackPath(OPERATIONS, 'POST /contact', { contact_id: id })).toBe(`/contact/${id}`);
  });

  it('the real table: exactly the writes with a readBack are read back, and every other write says why not', () => {
    const withReadBack = Object.entries(OPERATIONS as AnyTable)
      .filter(([e, row]) => !e.startsWith('GET ') && typeof row.readBack === 'string')
      .map(([e]) => e);
    expect([...new Set(readBackChecks(OPERATIONS, READ_BACKS).map((k) => k.endpoint))]).toEqual(withReadBack);
    expect(Object.keys(READ_BACKS)).toEqual(withReadBack);
    for (const [e, row] of Object.entries(OPERATIONS as AnyTable))
      if (typeof row.readBack !== 'string') expect(row.readBack.none.length, e).toBeGreaterThan(10);
  });
});

describe('what the table changed', () => {
  it("a blocked opportunity link names its relationship's fixtures key (the old list named opportunity.stageId)", () => {
    expect(fixtureOfStep('POST /opportunity/{opportunity_id}/relationship/{api_name}', STATED_OPERATIONS)).toBe(
      'relationships.opportunityContacts',
    );
    expect(fixtureOfStep('POST /opportunity (otherOrgApiKey, its own account)', STATED_OPERATIONS)).toBe(
      'opportunity.stageId',
    );
  });
});

describe('a read the table adds is no longer an unstated route where the checks look through one', () => {
  /** A check context that answers every GET with `status` and records what the helper did with it. */
  function context(status: number): { c: CheckContext; did: string[] } {
    const did: string[] = [];
    const ex = { request: { method: 'GET' }, response: { status, headers: {}, text: '', json: {} }, ms: 1 };
    const c = {
      api: { get: () => Promise.resolve(ex as unknown as Exchange) },
      setup: (e: Exchange, step: string) => {
        did.push(`setup ${step}`);
        if ((e.response?.status ?? 0) >= 300) throw new Error(`blocked: ${step}`);
      },
      block: (step: string) => {
        did.push(`block ${step}`);
        throw new Error(`blocked: ${step}`);
      },
      observe: (topic: string) => did.push(`observe ${topic}`),
      expect: () => ({}),
    } as unknown as CheckContext;
    return { c, did };
  }
  const path = '/account/11111111-1111-4111-8111-111111111111';

  it('without a row for it, GET /account/{id} is unstated: a 404 is recorded as unobservable', async () => {
    const { c, did } = context(404);
    await throughUnstatedRecordRead(c, path, 'the account is archived', () => undefined, { table: OPERATIONS });
    expect(did).toEqual(['observe unobservable']);
  });

  it('with GET /account/{account_id} in the table, its 404 blocks the check on that read', async () => {
    const { c, did } = context(404);
    await expect(
      throughUnstatedRecordRead(c, path, 'the account is archived', () => undefined, { table: COPY }),
    ).rejects.toThrow('blocked: GET /account/{account_id}');
    expect(did).toEqual(['setup GET /account/{account_id}']);
  });

  it('its 404 for an archived record is recorded where its row allows one, and blocks where the row says never', async () => {
    const allowed = context(404);
    await throughArchivedRecordRead(allowed.c, path, 'archived_at', () => undefined, { table: COPY });
    expect(allowed.did).toEqual(['observe unobservable']);
    const never = operationTable({
      ...COPY,
      'GET /account/{account_id}': { ...COPY['GET /account/{account_id}'], archived404: 'never' },
    });
    const refused = context(404);
    await expect(
      throughArchivedRecordRead(refused.c, path, 'archived_at', () => undefined, { table: never }),
    ).rejects.toThrow('blocked: GET /account/{account_id}');
    expect(refused.did).toEqual(['setup GET /account/{account_id}']);
    // a record not known to be archived: the stated read's 404 blocks whatever the row says
    const active = context(404);
    await expect(throughUnstatedRecordRead(active.c, path, 'x', () => undefined, { table: COPY })).rejects.toThrow(
      'blocked',
    );
  });

  it('every read of the real table says whether it may answer 404 for an archived record, and no write does', () => {
    for (const [endpoint, row] of Object.entries(OPERATIONS as AnyTable))
      expect(row.archived404 === null, endpoint).toBe(!endpoint.startsWith('GET '));
  });

  it('and its 2xx without the record blocks too, instead of being recorded', async () => {
    const { c, did } = context(200);
    await expect(
      throughUnstatedRecordRead(c, path, 'the account is archived', () => undefined, { table: COPY }),
    ).rejects.toThrow('blocked');
    expect(did).toEqual(['setup GET /account/{account_id}', 'block GET /account/{account_id}']);
  });
});

describe('the reference server states the operations of the table, and no more', () => {
  // the reference is an implementation of its own (the oracle): its routes are not derived from the
  // table, so this holds them equal: an operation added to the table needs its stated route there
  const index = new OperationIndex(apiOperationsOf(OPERATIONS));

  it('serves every operation of the table as a stated route', () => {
    for (const p of probes(OPERATIONS)) {
      const found = matchRoute(allRoutes(), p.method, p.path, {} as never, true);
      expect(found.route.method, p.endpoint).toBe(p.method);
    }
  });

  it('states no route the table does not hold', () => {
    for (const r of allRoutes()) {
      for (const api of ['accounts', 'contacts']) {
        const params: Record<string, string> = {};
        const path = r.pattern.replace(/:([a-z_]+)/g, (_m, name: string) => {
          params[name] = name === 'api_name' ? api : name === 'custom_object_api_name' ? 'cus_obj__x' : 'x';
          return params[name];
        });
        if (r.stated(params)) expect(index.endpointOf(r.method, path), `${r.method} ${r.pattern}`).toBeDefined();
      }
    }
  });
});
