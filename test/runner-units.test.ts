import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RunSetups } from '../lib/runner/run-setups.js';
import { HeldAnswers } from '../lib/runner/held-answers.js';
import { LatePhase } from '../lib/runner/late-phase.js';
import { archiveCleanup, runCleanups } from '../lib/check/cleanups.js';
import { runCheck } from '../lib/runner/run-check.js';
import { redactorFor } from '../lib/redact/redactor-for.js';
import type { RunTarget } from '../lib/check/run-target.js';
import type { Exchange } from '../lib/http/exchange.js';
import type { RunObserver } from '../lib/check/seen.js';
import { CheckSkipped } from '../lib/runner/check-skipped.js';
import type { CheckContext } from '../lib/check/context.js';
import { interleaved, StartQueue } from '../lib/runner/run-checks.js';
import { loadChecks, type CheckDefinition } from '../lib/check/registry.js';
import { LATENCY_RISE, LATENCY_RISE_MIN_MS, RequestBudget, START_CONCURRENCY } from '../lib/http/request-budget.js';
import { groupsOfShard } from '../lib/select/shard.js';
import { SUITE_FILES } from '../suites/index.js';
import { STATED_OPERATIONS } from '../suites/spec/api-operations.js';
import { JUDGES } from '../suites/spec/judges.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';
import { PUBLIC_RECORDS_API } from '../bin/public-records-api.js';

const settle = () =>
  new Promise<void>((resolve) => {
    setImmediate(resolve);
  });

describe('--shard: deterministic, disjoint slices of whole endpoint groups', () => {
  const sizes = new Map([
    ['robustness', 109],
    ['authentication', 50],
    ['errors', 30],
    ['records', 27],
    ['contacts', 21],
    ['tasks', 9],
    ['discovery', 4],
  ]);

  it('every group lands in exactly one shard, the same one every time', () => {
    for (const count of [1, 2, 3, 5, 8]) {
      const slices = Array.from({ length: count }, (_, i) => groupsOfShard(sizes, { index: i + 1, count }));
      const all = slices.flatMap((s) => [...s]);
      expect(all.sort()).toEqual([...sizes.keys()].sort());
      expect(slices.map((s) => [...s].sort())).toEqual(
        Array.from({ length: count }, (_, i) => [...groupsOfShard(sizes, { index: i + 1, count })].sort()),
      );
    }
  });

  it('balances by check count: no two shards differ by more than the largest group', () => {
    const load = (i: number, count: number) =>
      [...groupsOfShard(sizes, { index: i, count })].reduce((n, g) => n + sizes.get(g)!, 0);
    expect([load(1, 2), load(2, 2)]).toEqual([122, 128]);
    for (const count of [2, 3, 4]) {
      const loads = Array.from({ length: count }, (_, i) => load(i + 1, count));
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(109);
    }
  });
});

/** One window of answers, each `latencyMs` after it was sent, with the limit's every slot taken. */
async function busyWindow(b: RequestBudget, latencyMs: number): Promise<void> {
  const held = b.limit;
  // (as the critical path's: the others leave it a slot)
  for (let i = 0; i < held; i++) await b.acquire(Number.NEGATIVE_INFINITY);
  const size = Math.max(b.limit, START_CONCURRENCY);
  for (let i = 0; i < size; i++) b.answered(b.count(), 200, performance.now() - latencyMs);
  for (let i = 0; i < held; i++) b.release();
}

describe('the request budget: --concurrency, --max-requests and the 429 back-off in one place', () => {
  it('never lets more than the limit in flight, and serves the oldest check first', async () => {
    const b = new RequestBudget(2);
    await b.acquire(5);
    await b.acquire(5);
    const order: number[] = [];
    const waiting = [
      b.acquire(9).then(() => order.push(9)),
      b.acquire(1).then(() => order.push(1)),
      b.acquire(3).then(() => order.push(3)),
    ];
    await settle();
    expect(b.inFlight).toBe(2);
    expect(order).toEqual([]);
    b.release();
    b.release();
    await settle();
    expect(order).toEqual([1, 3]);
    b.release();
    await Promise.all(waiting);
    expect(order).toEqual([1, 3, 9]);
  });

  it("keeps a slot for the critical path (a check others wait on): it never waits for another check's answer", async () => {
    const b = new RequestBudget(START_CONCURRENCY);
    for (let i = 1; i < START_CONCURRENCY; i++) await b.acquire(i);
    let other = false;
    const waiting = b.acquire(0).then(() => {
      other = true;
    });
    await settle();
    expect([b.inFlight, other]).toEqual([START_CONCURRENCY - 1, false]);
    // the critical path takes the slot kept, at once
    await b.acquire(Number.NEGATIVE_INFINITY);
    expect(b.inFlight).toBe(START_CONCURRENCY);
    b.release();
    await settle();
    expect(other).toBe(false); // the slot freed is the one kept again
    b.release();
    await waiting;
    expect(b.inFlight).toBe(START_CONCURRENCY - 1);
    // below START_CONCURRENCY (a ceiling so low, or a 429's halving) every slot is everyone's
    const low = new RequestBudget(2);
    await low.acquire(1);
    await low.acquire(2);
    expect(low.inFlight).toBe(2);
  });

  it("takes up the critical path's answer at once, the others' in the next turn, the oldest check first", async () => {
    const b = new RequestBudget(8);
    const order: string[] = [];
    const later = [9, 2, 5].map((p) => b.takeUp(p).then(() => order.push(`check ${p}`)));
    await b.takeUp(Number.NEGATIVE_INFINITY);
    order.push('critical');
    await Promise.all(later);
    expect(order).toEqual(['critical', 'check 2', 'check 5', 'check 9']);
  });

  it('halves the limit on a 429 (once per burst), then grows it back by one per busy window', async () => {
    const b = new RequestBudget(8);
    const sent = () => b.count();
    const burst = [sent(), sent(), sent()];
    b.answered(burst[0]!, 429);
    expect(b.limit).toBe(4);
    // the other answers of the same burst were sent before the decrease: no second halving
    b.answered(burst[1]!, 429);
    b.answered(burst[2]!, 429);
    expect(b.limit).toBe(4);
    b.answered(sent(), 429);
    expect(b.limit).toBe(2);
    expect(b.lowest).toBe(2);
    await busyWindow(b, 20);
    expect(b.limit).toBe(3);
    for (let i = 0; i < 5; i++) await busyWindow(b, 20);
    expect(b.limit).toBe(8);
    await busyWindow(b, 20);
    expect(b.limit).toBe(8); // never past --concurrency
    expect(b.lowest).toBe(2);
    expect(b.path.map((p) => p.why)).toEqual(['429', '429', 'grew', 'grew', 'grew', 'grew', 'grew', 'grew']);
  });

  it('starts at 8 and doubles per clean window while requests wait for a slot (slow start), up to the ceiling', async () => {
    const b = new RequestBudget(64);
    expect([b.start, b.limit]).toEqual([START_CONCURRENCY, START_CONCURRENCY]);
    await busyWindow(b, 50);
    expect(b.limit).toBe(16);
    // answers with no request waiting: more slots would go unused, so the limit stays
    for (let i = 0; i < 40; i++) b.answered(b.count(), 200, performance.now() - 50);
    expect(b.limit).toBe(16);
    await busyWindow(b, 50);
    await busyWindow(b, 50);
    expect(b.limit).toBe(64);
    await busyWindow(b, 50);
    expect(b.limit).toBe(64); // never past the ceiling
    expect(b.highest).toBe(64);
    expect(b.path.map((p) => p.limit)).toEqual([16, 32, 64]);
    expect(new RequestBudget(3).limit).toBe(3); // a ceiling under 8 is where it starts
  });

  it('halves on a latency rise (the server is queueing), never below the start; a 429 goes lower', async () => {
    const b = new RequestBudget(32, undefined, undefined, () => 0);
    await busyWindow(b, 50);
    expect(b.limit).toBe(16);
    // one slow window holds the limit (a pause of the run's own shows in one); two in a row lower it
    await busyWindow(b, 50 * LATENCY_RISE + LATENCY_RISE_MIN_MS + 5);
    expect(b.limit).toBe(16);
    expect(b.latencyDecreases).toBe(0);
    await busyWindow(b, 50 * LATENCY_RISE + LATENCY_RISE_MIN_MS + 5);
    expect(b.limit).toBe(8);
    expect(b.latencyDecreases).toBe(1);
    // at the start already: a slow window holds the limit, it does not lower it
    await busyWindow(b, 200);
    expect(b.limit).toBe(8);
    // jitter within the margin is no rise: the limit grows on, now one by one (slow start is over)
    await busyWindow(b, 50 + LATENCY_RISE_MIN_MS - 2);
    expect(b.limit).toBe(9);
    b.answered(b.count(), 429);
    expect(b.limit).toBe(4);
    expect(b.path.at(-1)).toMatchObject({ limit: 4, why: '429' });
    expect(b.path.some((p) => p.why === 'latency' && p.limit === 8)).toBe(true);
  });

  it('takes off what the run itself held its answers: a constant round trip is no rise, a rise beyond it is', async () => {
    let own = 0;
    const b = new RequestBudget(32, undefined, undefined, () => own);
    await busyWindow(b, 200);
    expect(b.limit).toBe(16);
    // answers 200 ms away that waited 120 ms on the run's busy event loop: the server is as fast as before
    own = 120;
    await busyWindow(b, 320);
    expect(b.limit).toBe(32);
    expect(b.latencyDecreases).toBe(0);
    // the same wait, and the server itself 150 ms slower, window after window: it is queueing
    await busyWindow(b, 470);
    expect(b.limit).toBe(32);
    await busyWindow(b, 470);
    expect(b.limit).toBe(16);
    expect(b.latencyDecreases).toBe(1);
  });

  it('starts the checks lower where the probe and the fixtures check met 429s, never higher', async () => {
    const before = new RequestBudget(32, undefined, undefined, () => 0);
    await busyWindow(before, 50);
    const grown = new RequestBudget(32, undefined, undefined, () => 0);
    grown.continueFrom(before);
    expect(grown.limit).toBe(8);
    expect(grown.path).toEqual([]);
    before.answered(before.count(), 429);
    before.answered(before.count(), 429);
    expect(before.limit).toBe(4);
    const lowered = new RequestBudget(32, undefined, undefined, () => 0);
    lowered.continueFrom(before);
    expect(lowered.limit).toBe(4);
    expect(lowered.lowest).toBe(4);
    expect(lowered.path).toEqual([{ atRequest: 0, limit: 4, why: '429' }]);
    // slow start is over: it grows one by one
    await busyWindow(lowered, 50);
    expect(lowered.limit).toBe(5);
    // the preflight's one wave starts at the ceiling: one 429 halving it leaves the checks half their start
    const wave = new RequestBudget(32, undefined, undefined, () => 0, 32);
    wave.answered(wave.count(), 429);
    expect(wave.limit).toBe(16);
    const halved = new RequestBudget(32, undefined, undefined, () => 0);
    halved.continueFrom(wave);
    expect(halved.limit).toBe(4);
  });

  it('never drops below one request in flight', () => {
    const b = new RequestBudget(1);
    b.answered(b.count(), 429);
    b.answered(b.count(), 429);
    expect(b.limit).toBe(1);
  });

  it('counts every request, and says when --max-requests is reached', () => {
    const b = new RequestBudget(4, 2);
    expect(b.exhausted()).toBe(false);
    b.count();
    b.count();
    expect(b.exhausted()).toBe(true);
    expect(new RequestBudget(4).exhausted()).toBe(false);
  });
});

describe('suites/index.ts', () => {
  it('lists every suite file, by name, once', () => {
    const dir = fileURLToPath(new URL('../suites/', import.meta.url));
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.checks.ts'))
      .map((f) => f.replace(/\.checks\.ts$/, ''))
      .sort();
    expect(SUITE_FILES.map((f) => f.group)).toEqual(files);
  });
});

describe('the order checks start in', () => {
  it("starts a check of the run's longest chain (the checks taking turns on the task) with the long sequences", async () => {
    const defs = await loadChecks(SUITE_FILES, CATALOGUE);
    const order = interleaved(defs).map((i) => defs[i]!);
    const firsts = order.filter((d) => d.startFirst === true);
    expect(order.slice(0, firsts.length)).toEqual(firsts);
    expect(firsts.map((d) => d.endpoint)).toContain('PATCH /task/{task_id}');
  });

  const def = (group: string, title: string, startFirst = false): CheckDefinition => ({
    rule: 'record.envelope',
    level: 'MUST',
    endpoint: '*',
    title,
    group,
    path: [],
    body: () => Promise.resolve(),
    ...(startFirst ? { startFirst: true } : {}),
  });

  it('starts the long sequences first, then one check of each endpoint group in turn, each once', () => {
    const defs = [
      def('a', 'a1'),
      def('a', 'a2'),
      def('b', 'b1'),
      def('g', 'seq', true),
      def('b', 'b2'),
      def('a', 'a3'),
    ];
    const order = interleaved(defs).map((i) => defs[i]!.title);
    expect(order).toEqual(['seq', 'a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('once a check takes a shared record, starts the checks of its operation next (their turns add up)', () => {
    const on = (group: string, title: string, endpoint: string): CheckDefinition => ({
      ...def(group, title),
      endpoint,
    });
    const defs = [
      on('a', 'a1', 'PATCH /task/{task_id}'),
      on('a', 'a2', 'GET /note/{note_id}'),
      on('b', 'b1', 'GET /note/{note_id}'),
      on('b', 'b2', 'GET /note/{note_id}'),
      on('c', 'c1', 'GET /note/{note_id}'),
      on('c', 'c2', 'PATCH /task/{task_id}'),
      on('b', 'b3', 'PATCH /task/{task_id}'),
    ];
    const queue = new StartQueue(defs);
    const started = (n: number) => Array.from({ length: n }, () => defs[queue.next()!]!.title);
    expect(started(1)).toEqual(['a1']);
    queue.promoteLike('record.envelope', 'a1');
    expect(started(2)).toEqual(['c2', 'b3']);
    // a wildcard endpoint names no operation, an operation is promoted once, and nothing starts twice
    queue.promoteLike('record.envelope', 'a1');
    expect(started(4)).toEqual(['b1', 'c1', 'a2', 'b2']);
    expect(queue.next()).toBeUndefined();
  });
});

describe('run-scoped set-ups', () => {
  const target = {
    baseUrl: 'http://127.0.0.1:9/api/v2/public',
    operations: STATED_OPERATIONS,
    catalogue: CATALOGUE,
    judges: JUDGES,
    fixturesFile: PUBLIC_RECORDS_API.fixtures,
    keys: { apiKey: 'k'.repeat(16) },
    fixtures: {},
    runId: 'cr-test',
    seed: 1,
    timeoutMs: 1000,
    maxWaitMs: 180_000,
    deadlineMs: 1_800_000,
    embedded: true,
    selection: { only: [], skip: [], level: 'all' as const },
    readOnly: false,
    concurrency: 8,
    cases: 1,
  };

  it('makes a set-up once for every check that asks, and archives it once, when the run ends', async () => {
    const setups = new RunSetups({ target, budget: new RequestBudget(8) });
    let made = 0;
    let archived = 0;
    const make = (c: CheckContext) => {
      made += 1;
      c.cleanup(() => Promise.resolve(archived++));
      return Promise.resolve({ id: 'r' });
    };
    const [a, b] = await Promise.all([
      setups.shared('k', 'record.envelope', make),
      setups.shared('k', 'record.envelope', make),
    ]);
    expect(a).toBe(b);
    expect(made).toBe(1);
    expect(archived).toBe(0);
    await setups.close();
    await setups.close();
    expect(archived).toBe(1);
  });

  it('a check beside the run-last checks: its wait for them is not its own time (no timeout)', async () => {
    let othersEnded!: () => void;
    const beforeSpending = new Promise<void>((resolve) => {
      othersEnded = resolve;
    });
    const run = {
      target: { ...target, beforeSpending } as unknown as RunTarget,
      budget: new RequestBudget(8),
      redactor: redactorFor(target.keys),
      checkTimeoutMs: 40,
    };
    const def: CheckDefinition = {
      rule: 'task.delete.archives',
      level: 'MUST',
      endpoint: 'DELETE /task/{task_id}',
      title: 'waits for the run-last checks',
      group: 'tasks',
      path: [],
      spendsGivenUp: true,
      body: async (c) => {
        await c.target.beforeSpending;
      },
    };
    setTimeout(othersEnded, 120);
    const beside = await runCheck(def, { ...run, heldAnswers: new HeldAnswers(undefined) }, 0);
    expect(beside.result.status).toBe('passed');
    // the same wait, in a check not beside them, is its own time
    const alone = await runCheck(
      def,
      { ...run, target: { ...target, beforeSpending: sleep(120) } as unknown as RunTarget },
      1,
    );
    expect(alone.result.status).not.toBe('passed');
  });

  it('archives once when closed twice at once, and refuses a set-up asked for once the archive began', async () => {
    const setups = new RunSetups({ target, budget: new RequestBudget(8) });
    let archived = 0;
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => {
      finish = resolve;
    });
    await setups.shared('k', 'record.envelope', (c) => {
      c.cleanup(async () => {
        await slow;
        archived += 1;
      });
      return Promise.resolve({ id: 'r' });
    });
    const first = setups.close();
    const second = setups.close();
    await expect(setups.shared('k', 'record.envelope', () => Promise.resolve({ id: 'again' }))).rejects.toThrow(
      /after the run's set-ups were archived/,
    );
    finish();
    await Promise.all([first, second]);
    expect(archived).toBe(1);
  });

  it('cleans up set-ups that share nothing at once, and one made of another before it', async () => {
    const setups = new RunSetups({ target, budget: new RequestBudget(8) });
    const log: string[] = [];
    // each cleanup takes a turn of the event loop: the ones that go at once start before any ends
    const cleanup = (c: CheckContext, name: string) =>
      c.cleanup(async () => {
        log.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`end ${name}`);
      });
    const leaf = (name: string) => (c: CheckContext) => {
      cleanup(c, name);
      return Promise.resolve(name);
    };
    await setups.shared('account', 'record.envelope', leaf('account'));
    await setups.shared('contact', 'record.envelope', leaf('contact'));
    // the edge is made of the account: its cleanup must end before the account's starts
    await setups.shared('edge', 'record.envelope', async (c) => {
      await c.shared('account', leaf('account'));
      cleanup(c, 'edge');
      return 'edge';
    });
    await setups.close();
    expect(log.indexOf('end edge')).toBeLessThan(log.indexOf('start account'));
    // the contact shares nothing: it started before the edge's cleanup ended
    expect(log.indexOf('start contact')).toBeLessThan(log.indexOf('end edge'));
    expect(log.filter((l) => l.startsWith('start'))).toHaveLength(3);
  });

  it('ends every check that asked the same way when the set-up fails or skips', async () => {
    const setups = new RunSetups({ target, budget: new RequestBudget(8) });
    const failing = () => Promise.reject(new Error('step failed'));
    await expect(setups.shared('f', 'record.envelope', failing)).rejects.toThrow('step failed');
    await expect(setups.shared('f', 'record.envelope', failing)).rejects.toThrow('step failed');
    const skipping = (c: CheckContext) => Promise.resolve(c.skip('no customObject'));
    await expect(setups.shared('s', 'record.envelope', skipping)).rejects.toBeInstanceOf(CheckSkipped);
  });
});

describe("a check's or a set-up's cleanups (lib/check/cleanups.ts)", () => {
  it('run newest first; an archive waits only on the newer cleanups that are not archives, so archives go at once', async () => {
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`end ${name}`);
    };
    // registered in this order: two accounts, an edge joining them, a third account, a value put back
    const list = [
      archiveCleanup(step('account 1')),
      archiveCleanup(step('account 2')),
      step('edge'),
      archiveCleanup(step('account 3')),
      step('put back'),
    ];
    await runCleanups(list, async (clean) => {
      await clean();
    }).done;
    const at = (s: string) => log.indexOf(s);
    // the newest first: what is no archive waits on every newer cleanup
    expect(at('end put back')).toBeLessThan(at('start account 3'));
    expect(at('end account 3')).toBeLessThan(at('start edge'));
    // the edge before the accounts it joins, which are archived at once
    expect(at('end edge')).toBeLessThan(at('start account 2'));
    expect(at('start account 1')).toBeLessThan(at('end account 2'));
    expect(log.filter((l) => l.startsWith('start'))).toHaveLength(5);
  });

  it('wait on `after` (the edges of the set-ups made of theirs), archives too', async () => {
    const log: string[] = [];
    let release!: () => void;
    const after = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ran = runCleanups(
      [archiveCleanup(() => Promise.resolve(log.push('archive')))],
      async (clean) => {
        await clean();
      },
      after,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log).toEqual([]);
    release();
    await ran.done;
    expect(log).toEqual(['archive']);
  });
});

describe("the run's last checks' barriers (lib/runner/late-phase.ts)", () => {
  it('settles `seen` once every other check ended and every early run-last check sent its own, each counted once', async () => {
    const early = [
      { rule: 'value.shape', title: 'a' },
      { rule: 'value.shape', title: 'b' },
    ];
    const late = new LatePhase(early);
    let seen = false;
    let othersEnded = false;
    void late.seen.then(() => (seen = true));
    void late.othersEnded.then(() => (othersEnded = true));
    const turn = () => new Promise((resolve) => setTimeout(resolve, 1));
    late.arrive(early[0]!);
    late.arrive(early[0]!);
    late.endOthers();
    await turn();
    expect(othersEnded).toBe(true);
    expect(seen).toBe(false);
    late.arrive({ rule: 'value.shape', title: 'not one of them' });
    await turn();
    expect(seen).toBe(false);
    late.arrive(early[1]!);
    await turn();
    expect(seen).toBe(true);
  });

  it('settles `checkWritesDone` once every other check ended and every spending check ended or only reads', async () => {
    const late = new LatePhase([]);
    const spending = [
      { rule: 'task.delete.archives', title: 'a' },
      { rule: 'account.domain.delete', title: 'b' },
    ];
    late.spending(spending);
    let done = false;
    void late.checkWritesDone.then(() => (done = true));
    const turn = () => new Promise((resolve) => setTimeout(resolve, 1));
    late.onlyReads(spending[0]!);
    late.checksEnded();
    await turn();
    expect(done).toBe(false);
    late.onlyReads(spending[1]!);
    await turn();
    expect(done).toBe(true);
  });
});

describe('answers held from the observer (the spending checks, beside the run-last ones)', () => {
  it('hands none to the observer before release, then each in the order it came, then the rest at once', () => {
    const seen: string[] = [];
    const observer = { see: (ex: Exchange) => seen.push(ex.request.url) } as unknown as RunObserver;
    const held = new HeldAnswers(observer);
    const ex = (path: string) => ({ request: { url: path } }) as unknown as Exchange;
    held.see(ex('/a'));
    held.see(ex('/b'));
    expect(seen).toEqual([]);
    held.release();
    expect(seen).toEqual(['/a', '/b']);
    held.see(ex('/c'));
    expect(seen).toEqual(['/a', '/b', '/c']);
  });
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
