import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckContext } from '../lib/check/context.js';
import type { CheckDefinition } from '../lib/check/registry.js';
import type { RunTarget } from '../lib/check/run-target.js';
import { RequestBudget } from '../lib/http/request-budget.js';
import { Redactor } from '../lib/redact/redact.js';
import type { RuleId } from '../suites/spec/rules/catalogue.js';
import { RULES } from '../suites/spec/rules/catalogue.js';
import { runChecks, WORKERS_PER_TURN } from '../lib/runner/run-checks.js';
import { holdRecord } from '../lib/runner/record-lock.js';
import { RunSetups } from '../lib/runner/run-setups.js';
import { trafficOf } from '../lib/runner/traffic.js';
import { STATED_OPERATIONS } from '../suites/spec/api-operations.js';
import { JUDGES } from '../suites/spec/judges.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';
import { PUBLIC_RECORDS_API } from '../bin/public-records-api.js';

// The runner driven in process against a stub server of a few lines: what it does when a set-up
// fails, a request hangs, the request cap is reached, a 429 arrives, or a check outlives its time.
// No reference server and no child process: each test states exactly what the server answers.

interface StubAnswer {
  status: number;
  json?: unknown;
  headers?: Record<string, string>;
  /** never answered */
  hang?: boolean;
}

/** What the stub answers a request; `seen` counts every request it got, by "METHOD /path". */
let answer: (method: string, path: string) => StubAnswer = () => ({ status: 404 });
const seen: string[] = [];
let server: http.Server;
let baseUrl = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = (req.url ?? '/').replace(/^\/api\/v2\/public/, '').split('?')[0]!;
    seen.push(`${req.method} ${path}`);
    req.resume();
    req.on('end', () => {
      const a = answer(req.method ?? 'GET', path);
      if (a.hang) return;
      // the server's clock and a created_at prove a create's record the run's own (lib/safety/provenance.ts)
      res.writeHead(a.status, { 'content-type': 'application/json', date: new Date().toUTCString(), ...a.headers });
      res.end(a.json === undefined ? '' : JSON.stringify(a.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/public`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const KEY = 'pra_test_runner_key_0123456789';
/** each run its own run id: the run's record of what it made (lib/safety/provenance.ts) is per run */
let runs = 0;

/** A run id of the run's form (cr-YYYYMMDD-HHMM-hex), naming the minute it starts in, as a real run's does. */
function runIdOfNow(n: number): string {
  const d = new Date().toISOString().replace(/[-:]/g, '');
  return `cr-${d.slice(0, 8)}-${d.slice(9, 13)}-${n.toString(16).padStart(6, '0')}`;
}

function target(o: Partial<RunTarget> = {}): RunTarget {
  return {
    baseUrl,
    operations: STATED_OPERATIONS,
    catalogue: CATALOGUE,
    judges: JUDGES,
    fixturesFile: PUBLIC_RECORDS_API.fixtures,
    keys: { apiKey: KEY },
    fixtures: {},
    runId: runIdOfNow(++runs),
    seed: 1,
    timeoutMs: 2_000,
    maxWaitMs: 180_000,
    deadlineMs: 1_800_000,
    embedded: false,
    selection: { only: [], skip: [], level: 'all' },
    readOnly: false,
    concurrency: 4,
    cases: 1,
    ...o,
  };
}

function def(rule: RuleId, title: string, body: (c: CheckContext) => Promise<void>): CheckDefinition {
  return {
    rule,
    level: RULES[rule].level,
    endpoint: 'GET /contact/{contact_id}',
    title,
    group: 'runner',
    path: [],
    body,
  };
}

async function run(
  defs: CheckDefinition[],
  o: { target?: Partial<RunTarget>; maxRequests?: number; checkTimeoutMs?: number } = {},
) {
  seen.length = 0;
  const t = target(o.target);
  const budget = new RequestBudget(t.concurrency, o.maxRequests);
  const setups = new RunSetups({ target: t, budget });
  const runs = await runChecks(defs, {
    target: t,
    budget,
    redactor: new Redactor([{ label: '<api-key>', value: KEY }]),
    checkTimeoutMs: o.checkTimeoutMs ?? 10_000,
    setups,
  });
  await setups.close();
  return { runs, results: runs.map((r) => r.result), setups, target: t };
}

const ID = '6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
/** made as the file loads, a moment before each run starts: a record the server made in the run */
const NOW = new Date().toISOString();
const contact = { data: { id: ID, created_at: NOW, updated_at: NOW, attributes: {}, record_type: 'contact' } };

describe('run-scoped set-ups (c.shared)', () => {
  it('are made once for every check that asks, and a failed one blocks each of them under its step', async () => {
    answer = (method) => (method === 'POST' ? { status: 500, json: { code: 'internal' } } : { status: 200 });
    const asking = (n: number) =>
      def('contact.get.record', `check ${n}`, async (c) => {
        await c.shared('a contact', async (s) =>
          s.setup(await s.api.post('/contact', { attributes: {} }), 'POST /contact'),
        );
        await c.api.get(`/contact/${ID}`);
      });
    const { results, setups } = await run([asking(1), asking(2), asking(3)]);
    expect(seen.filter((r) => r === 'POST /contact')).toHaveLength(1);
    expect(results.map((r) => r.status)).toEqual(['blocked', 'blocked', 'blocked']);
    expect(results.map((r) => r.blockedBy?.step)).toEqual(['POST /contact', 'POST /contact', 'POST /contact']);
    // the checks never got as far as their own reads, and none counts the set-up's request as its own
    expect(seen.filter((r) => r.startsWith('GET'))).toHaveLength(0);
    expect(results.map((r) => r.requests)).toEqual([0, 0, 0]);
    expect(setups.exchanges).toHaveLength(1);
  });

  it("a check failing on a shared answer shows that answer as its evidence, and the run's traffic counts it", async () => {
    answer = () => ({ status: 200, json: contact });
    const judge = def('error.record-not-found', 'judges the shared answer', async (c) => {
      const ex = await c.shared('a read', (s) => s.api.get(`/contact/${ID}`));
      c.expect(ex).status(404);
    });
    const { results, setups, target: t } = await run([judge]);
    const [r] = results;
    expect(r?.status).toBe('failed');
    expect(r?.requests).toBe(0);
    expect(r?.evidence?.map((e) => `${e.request.method} ${new URL(e.request.url).pathname}`)).toEqual([
      `GET /api/v2/public/contact/${ID}`,
    ]);
    expect(r?.failedExchange).toBe(0);
    expect(trafficOf(setups.exchanges, t)).toEqual([
      expect.objectContaining({ endpoint: 'GET /contact/{contact_id}', status: 200 }),
    ]);
  });
});

describe('records the set-ups share', () => {
  const upserted = {
    data: { id: ID, created_at: NOW, updated_at: NOW, attributes: {}, record_type: 'cus_obj__x' },
    meta: { matched_on: {} },
  };
  // the match value carries the run id: an upsert of the run's own is archived
  const body = (c: CheckContext) => ({
    attributes: { key: `conformance-${c.runId}` },
    match: { field: 'key', value: 'x' },
  });

  it('a check whose upsert answers a set-up record never archives it: the set-up archives it once, when the run ends', async () => {
    answer = (method) => (method === 'POST' ? { status: 200, json: upserted } : { status: 200, json: upserted });
    const record = (c: CheckContext) => c.shared('a record', (s) => s.api.post('/cus_obj__x/_upsert', body(s)));
    // the stated way to see the record again is an upsert of its match value: it answers the same record
    const probing = (n: number) =>
      def('isolation.other-organization', `probe ${n}`, async (c) => {
        await record(c);
        await c.api.post('/cus_obj__x/_upsert', body(c));
      });
    const { results } = await run([probing(1), probing(2)]);
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed']);
    expect(seen.filter((r) => r === `DELETE /cus_obj__x/${ID}`)).toHaveLength(1);
    expect(seen.at(-1)).toBe(`DELETE /cus_obj__x/${ID}`);
  });

  it('a set-up made of another set-up gets the run’s own, and each costs what it sent', async () => {
    answer = (method) => (method === 'POST' ? { status: 201, json: contact } : { status: 200, json: contact });
    const created = (c: CheckContext) => c.shared('a contact', (s) => s.api.post('/contact', { attributes: {} }));
    const read = (c: CheckContext) =>
      c.shared('a read of it', async (s) => {
        await created(s);
        return s.api.get(`/contact/${ID}`);
      });
    const both = def('contact.get.record', 'asks for both', async (c) => {
      await created(c);
      await read(c);
    });
    const { setups } = await run([
      both,
      def('contact.get.record', 'asks for the read', async (c) => {
        await read(c);
      }),
    ]);
    expect(seen).toEqual(['POST /contact', `GET /contact/${ID}`]);
    expect(setups.requestsByKey()).toEqual({ 'a contact': 1, 'a read of it': 1 });
  });
});

describe('requests that go wrong', () => {
  it('a request the server never answers blocks its check at the --timeout, naming the operation', async () => {
    answer = (_m, path) =>
      path.startsWith('/contact/') ? { status: 200, hang: true } : { status: 200, json: contact };
    const hung = def('contact.get.record', 'reads a contact', async (c) => {
      c.expect(await c.api.get(`/contact/${ID}`)).success();
    });
    const { results } = await run([hung], { target: { timeoutMs: 300 } });
    expect(results[0]?.status).toBe('blocked');
    expect(results[0]?.blockedBy?.step).toBe('GET /contact/{contact_id}');
    expect(results[0]?.blockedBy?.answer).toMatch(/^connection failed/);
  });

  it('a 429 is waited out and the same request sent again; the check judges the answer after it', async () => {
    let calls = 0;
    answer = () => {
      calls += 1;
      return calls === 1
        ? {
            status: 429,
            headers: { 'retry-after': '0' },
            json: {
              status_code: 429,
              error_type: 'rate_limit',
              code: 'rate_limit_exceeded',
              message: 'slow down',
              details: null,
            },
          }
        : { status: 200, json: contact };
    };
    const read = def('contact.get.record', 'reads a contact', async (c) => {
      c.expect(await c.api.get(`/contact/${ID}`)).success();
    });
    const { results, runs } = await run([read]);
    expect(results[0]?.status).toBe('passed');
    expect(seen).toEqual([`GET /contact/${ID}`, `GET /contact/${ID}`]);
    // both attempts are the check's traffic: the 429 (counted by the run as sent) and the retry that says so
    expect(runs[0]?.traffic.map((t) => [t.status, t.rateLimitRetries ?? 0])).toEqual([
      [429, 0],
      [200, 1],
    ]);
  });

  it('--max-requests: past the cap no request is sent, and the checks that needed one are blocked', async () => {
    answer = () => ({ status: 200, json: contact });
    const reads = [1, 2, 3, 4].map((n) =>
      def('contact.get.record', `read ${n}`, async (c) => {
        c.expect(await c.api.get(`/contact/${ID}`)).success();
      }),
    );
    const { results } = await run(reads, { maxRequests: 2, target: { concurrency: 1 } });
    expect(seen).toHaveLength(2);
    expect(results.filter((r) => r.status === 'passed')).toHaveLength(2);
    expect(results.filter((r) => r.status === 'blocked')).toHaveLength(2);
  });
});

describe('verdicts', () => {
  it("another rule broken on the way is that rule's finding; the check itself is blocked, not failed", async () => {
    answer = () => ({ status: 500, json: {} });
    const other = def('contact.get.record', 'needs a read that must not be 500', async (c) => {
      c.expect(await c.api.get(`/contact/${ID}`), 'robustness.no-5xx').status(200);
    });
    const { results, runs } = await run([other]);
    expect(results[0]?.status).toBe('blocked');
    expect(results[0]?.blockedBy?.rule).toBe('robustness.no-5xx');
    expect(runs[0]?.findings.map((f) => f.violation.rule)).toEqual(['robustness.no-5xx']);
  });

  it('a check that outlives its time ends, failed with that reason, and the run goes on', async () => {
    answer = () => ({ status: 200, json: contact });
    const stuck = def('contact.get.record', 'never ends', () => new Promise<void>(() => undefined));
    const fine = def('contact.get.record', 'reads a contact', async (c) => {
      c.expect(await c.api.get(`/contact/${ID}`)).success();
    });
    const { results } = await run([stuck, fine], { checkTimeoutMs: 200 });
    expect(results[0]?.status).toBe('failed');
    expect(results[0]?.message).toMatch(/did not finish within/);
    expect(results[1]?.status).toBe('passed');
  });

  it('results keep the order of the definitions, whatever order the checks end in', async () => {
    answer = () => ({ status: 200, json: contact });
    const slow = def('contact.get.record', 'slow', async (c) => {
      await new Promise((r) => setTimeout(r, 50));
      c.expect(await c.api.get(`/contact/${ID}`)).success();
    });
    const quick = def('contact.create.status-201', 'quick', () => Promise.resolve());
    const { results } = await run([slow, quick]);
    expect(results.map((r) => r.title)).toEqual(['slow', 'quick']);
  });
});

describe('a step still in flight when its check ended (a sibling of a step that failed)', () => {
  it("takes a record's turn after its check's cleanups ran, and gives it back at once: the next check is not held", async () => {
    answer = () => ({ status: 200, json: contact });
    let late!: Promise<void>;
    const first = def('contact.get.record', 'ends while a step still goes on to take the record', async (c) => {
      // the step that takes the record's turn once its request is answered, and the one that fails before it
      late = c.api.get(`/contact/${ID}`).then(() => holdRecord(c, 'contact:late'));
      await Promise.all([late, Promise.reject(new Error('the sibling step failed'))]);
    });
    const second = def('contact.get.record', 'takes the same record after it', async (c) => {
      await late;
      await holdRecord(c, 'contact:late');
    });
    const { results } = await run([first, second], { checkTimeoutMs: 3_000 });
    // without the late cleanup run at once, the record stays held and the second check times out
    expect(results.map((r) => r.status)).toEqual(['failed', 'passed']);
  });
});

describe('the start of the pool', () => {
  it('starts WORKERS_PER_TURN checks a turn of the event loop: the first checks send before the rest start', async () => {
    answer = () => ({ status: 404 });
    // a turn of the event loop has passed once this flag is up (scheduled before the pool starts)
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const startedAfterATurn: boolean[] = [];
    const checks = Array.from({ length: 2 * WORKERS_PER_TURN }, (_, n) =>
      def('contact.get.record', `check ${n}`, async (c) => {
        startedAfterATurn[n] = turned;
        await c.api.get(`/contact/${ID}`);
      }),
    );
    await run(checks, { target: { concurrency: 8 } });
    expect(startedAfterATurn).toEqual(checks.map((_, n) => n >= WORKERS_PER_TURN));
  });
});
