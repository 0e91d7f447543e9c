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
  /** answered after this long */
  delayMs?: number;
}

/** What the stub answers a request; `seen` counts every request it got, by "METHOD /path". */
let answer: (method: string, path: string) => StubAnswer = () => ({ status: 404 });
const seen: string[] = [];
/** when each request of `seen` came and was answered (ms, performance.now()) */
const times: Array<{ request: string; came: number; answered: number }> = [];
let server: http.Server;
let baseUrl = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = (req.url ?? '/').replace(/^\/api\/v2\/public/, '').split('?')[0]!;
    seen.push(`${req.method} ${path}`);
    const came = { request: `${req.method} ${path}`, came: performance.now(), answered: Infinity };
    times.push(came);
    req.resume();
    req.on('end', () => {
      const a = answer(req.method ?? 'GET', path);
      if (a.hang) return;
      const send = () => {
        came.answered = performance.now();
        // the server's clock and a created_at prove a create's record the run's own (lib/safety/provenance.ts)
        res.writeHead(a.status, { 'content-type': 'application/json', date: new Date().toUTCString(), ...a.headers });
        res.end(a.json === undefined ? '' : JSON.stringify(a.json));
      };
      if (a.delayMs === undefined) send();
      else setTimeout(send, a.delayMs);
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
  times.length = 0;
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

describe("the set-ups' archive when the run ends", () => {
  it('an edge goes before the records it joins, and no archive waits on another: two round trips, not one per set-up', async () => {
    let made = 0;
    answer = (method) => {
      if (method !== 'POST') return { status: 200, json: {}, delayMs: 60 };
      const id = `6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e${(made++).toString(16).padStart(2, '0')}`;
      const at = new Date().toISOString();
      return {
        status: 201,
        json: { data: { id, created_at: at, updated_at: at, attributes: {}, record_type: 'account' } },
      };
    };
    const account = (c: CheckContext) => c.shared('an account', (s) => s.api.post('/account', { attributes: {} }));
    const edge: { start?: number; end?: number } = {};
    // made of the account: its edge (a cleanup of its own) is removed before the account is archived
    const joined = (c: CheckContext) =>
      c.shared('an account joined to it', async (s) => {
        await account(s);
        const ex = await s.api.post('/account', { attributes: {} });
        s.cleanup(async () => {
          edge.start = performance.now();
          await new Promise((resolve) => setTimeout(resolve, 60));
          edge.end = performance.now();
        });
        return ex;
      });
    const top = (c: CheckContext) =>
      c.shared('a read of both', async (s) => {
        await joined(s);
        return s.api.post('/account', { attributes: {} });
      });
    const { results } = await run([
      def('contact.get.record', 'asks for all', async (c) => {
        await top(c);
      }),
    ]);
    expect(results[0]!.status).toBe('passed');
    const archives = times.filter((t) => t.request.startsWith('DELETE /account/'));
    expect(archives).toHaveLength(3);
    const of = (n: number) => archives.find((t) => t.request.endsWith(`4e0${n}`))!;
    // the account: after the edge of the set-up made of it, yet beside that set-up's own archive
    expect(of(0).came).toBeGreaterThanOrEqual(edge.end!);
    expect(of(0).came).toBeLessThan(of(1).answered);
    // the top set-up has no edge: archived at once, beside the edge's removal
    expect(of(2).came).toBeLessThan(edge.end!);
    // the archive of the set-up of the edge after it
    expect(of(1).came).toBeGreaterThanOrEqual(edge.end!);
  });
});

describe('the checks that run after every other (run-last, spending what the user gave up)', () => {
  it('start with the others: a run-last one sends its own first and judges after the rest; a spending one spends last', async () => {
    answer = () => ({ status: 200, json: contact, delayMs: 60 });
    const at: Record<string, number> = {};
    const mark = (name: string) => {
      at[name] = performance.now();
    };
    const other = def('contact.get.record', 'a chain of two reads', async (c) => {
      await c.api.get(`/contact/${ID}`);
      await c.api.get(`/contact/${ID}`);
      mark('other ended');
    });
    const early: CheckDefinition = {
      ...def('contact.get.record', 'a run-last check that sends first', async (c) => {
        mark('early sent');
        await c.api.get(`/contact/${ID}`);
        await c.target.lastChecks?.allSeen(c);
        mark('early judged');
      }),
      runLast: true,
      sendsEarly: true,
    };
    const plain: CheckDefinition = {
      ...def('contact.get.record', 'a run-last check', () => {
        mark('plain started');
        return Promise.resolve();
      }),
      runLast: true,
    };
    const spending: CheckDefinition = {
      ...def('task.delete.archives', 'a check that spends', async (c) => {
        mark('spending started');
        await c.target.beforeSpending;
        mark('spent');
        // from here it only reads: the run writes nothing more, and the audit may read beside it
        void c.target.lastChecks?.checkWritesDone.then(() => mark('writes done'));
        c.target.lastChecks?.onlyReads(c);
        await c.api.get(`/contact/${ID}`);
        mark('spending ended');
      }),
      spendsGivenUp: true,
    };
    const { results } = await run([other, plain, early, spending]);
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
    // beside the other check's chain, not after it
    expect(at['early sent']!).toBeLessThan(at['other ended']!);
    expect(at['spending started']!).toBeLessThan(at['other ended']!);
    // judged once every other check ended and every early one sent its own
    expect(at['early judged']!).toBeGreaterThanOrEqual(at['other ended']!);
    expect(at['plain started']!).toBeGreaterThanOrEqual(at['other ended']!);
    expect(at['plain started']!).toBeGreaterThanOrEqual(at['early judged']! - 1);
    // spent after every run-last check ended
    expect(at['spent']!).toBeGreaterThanOrEqual(at['early judged']!);
    expect(at['spent']!).toBeGreaterThanOrEqual(at['plain started']!);
    expect(at['writes done']!).toBeLessThan(at['spending ended']!);
  });

  it("a run-last check waiting for the run's end while it holds a shared record is a bug, not a deadlock", async () => {
    answer = () => ({ status: 200, json: contact });
    const waiting = def('contact.get.record', 'a chain on the record', async (c) => {
      await holdRecord(c, 'task:x');
    });
    const holding: CheckDefinition = {
      ...def('contact.get.record', 'a run-last check holding it', async (c) => {
        await holdRecord(c, 'task:x');
        await c.target.lastChecks?.allSeen(c);
      }),
      runLast: true,
      sendsEarly: true,
    };
    const { results } = await run([waiting, holding], { checkTimeoutMs: 2_000 });
    expect(results[0]!.status).toBe('passed');
    expect(results[1]!.status).not.toBe('passed');
    expect(results[1]!.message).toMatch(/holding task:x \(a bug in the suite\)/);
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

describe("a check's chain of dependent requests", () => {
  it('counts every request sent after the one before was answered: a span ends before the next one starts', async () => {
    // answers of a fraction of a millisecond: a span's end reckoned from a rounded duration fell past the next start
    answer = () => ({ status: 200, json: contact });
    const reads = def('contact.get.record', 'twenty reads one after another', async (c) => {
      for (let i = 0; i < 20; i++) await c.api.get(`/contact/${ID}`);
    });
    const { runs, results } = await run([reads]);
    expect(results[0]!.status).toBe('passed');
    const spans = runs[0]!.spans;
    expect(spans).toHaveLength(20);
    for (let i = 1; i < spans.length; i++) expect(spans[i - 1]!.end).toBeLessThanOrEqual(spans[i]!.start);
    expect(results[0]!.chain).toBe(20);
  });
});
