import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryAfterMs } from '../lib/http/retry-after.js';
import { quotaFields } from '../lib/http/quota-fields.js';
import { Backoff } from '../lib/http/backoff.js';
import { Patience } from '../lib/http/patience.js';
import { Pacer } from '../lib/http/pacer.js';
import { Pace } from '../lib/http/pace.js';
import { RateLearner } from '../lib/http/rate-learner.js';
import { RequestBudget } from '../lib/http/request-budget.js';

// The run's pace, policy by policy (lib/http/): Retry-After, the quota fields, the back-off, --max-wait,
// the gate and the rate learned. Clocks are given, never waited on.

describe('Retry-After', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('reads delay-seconds, a decimal number of seconds, and nothing else as a number', () => {
    expect(retryAfterMs('10', undefined, now)).toBe(10_000);
    expect(retryAfterMs(' 0 ', undefined, now)).toBe(0);
    expect(retryAfterMs('0.5', undefined, now)).toBe(500);
    expect(retryAfterMs(undefined, undefined, now)).toBeUndefined();
    expect(retryAfterMs('', undefined, now)).toBeUndefined();
    expect(retryAfterMs('-5', undefined, now)).toBeUndefined();
    expect(retryAfterMs('soon', undefined, now)).toBeUndefined();
  });

  it("reads an HTTP-date against the answer's own Date header (a server whose clock differs), else ours", () => {
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:47 GMT', undefined, now)).toBe(47_000);
    // the server's clock is an hour behind ours: it still means 47 s
    expect(retryAfterMs('Wed, 25 Nov 2026 11:00:47 GMT', 'Wed, 25 Nov 2026 11:00:00 GMT', now)).toBe(47_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 11:59:00 GMT', undefined, now)).toBe(0);
  });
});

describe('the quota fields a server sends', () => {
  it('the IETF draft: RateLimit-Policy and RateLimit (the lowest rate and the fewest left win)', () => {
    expect(
      quotaFields({ 'ratelimit-policy': '"burst";q=100;w=60, "daily";q=1000;w=86400', ratelimit: '"burst";r=0;t=40' }),
    ).toEqual({ source: 'RateLimit', limit: 1000, windowS: 86400, remaining: 0, resetMs: 40_000 });
    expect(quotaFields({ ratelimit: 'limit=600, remaining=12, reset=40' })).toEqual({
      source: 'RateLimit',
      remaining: 12,
      resetMs: 40_000,
    });
    expect(
      quotaFields({ 'ratelimit-limit': '10, 10;w=1', 'ratelimit-remaining': '3', 'ratelimit-reset': '1' }),
    ).toEqual({ source: 'RateLimit', limit: 10, windowS: 1, remaining: 3, resetMs: 1000 });
  });

  it('X-RateLimit-*: a reset in delta-seconds, or a Unix time (seconds or milliseconds)', () => {
    const now = 1_790_000_000_000;
    expect(quotaFields({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '30' }, now)?.resetMs).toBe(30_000);
    expect(
      quotaFields({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 12) }, now)?.resetMs,
    ).toBe(12_000);
    expect(quotaFields({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now + 5000) }, now)?.resetMs).toBe(
      5000,
    );
  });

  it('nothing it cannot read is a hint, and nothing throws', () => {
    expect(quotaFields({})).toBeUndefined();
    expect(quotaFields({ 'ratelimit-policy': 'garbage;;;===', ratelimit: '"x";r=abc' })).toBeUndefined();
    expect(quotaFields({ 'x-ratelimit-remaining': 'lots' })).toBeUndefined();
  });
});

describe('the back-off without a hint, and --max-wait', () => {
  it('doubles its ceiling with each hintless 429 in a row, waits between half and all of it, and starts over after progress', () => {
    const lowest = new Backoff(60_000, () => 0);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => lowest.next())).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    const highest = new Backoff(60_000, () => 1);
    expect([highest.next(), highest.next()]).toEqual([1000, 2000]);
    highest.reset();
    expect(highest.next()).toBe(1000);
  });

  it('gives up when nothing but 429 has come for --max-wait, or a server asks to wait longer; never while it makes progress', () => {
    let t = 0;
    const p = new Patience(180_000, () => t);
    t = 170_000;
    expect(p.giveUp(5000, 'Retry-After')).toBeUndefined();
    p.progress();
    t = 340_000;
    expect(p.giveUp(60_000, 'Retry-After')).toBeUndefined();
    expect(p.giveUp(181_000, 'Retry-After')).toBe(
      'the server asked to wait 181 s (Retry-After), longer than --max-wait 180 s',
    );
    t = 350_000;
    expect(p.giveUp(undefined, 'no hint')).toBe('the server answered nothing but 429 for 180 s (--max-wait)');
  });
});

describe('the gate: a run-wide pause, a token bucket, retries first', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds every request until the pause ends, then lets retries go first, then the oldest check', async () => {
    const pacer = new Pacer();
    pacer.pauseUntil(performance.now() + 5000);
    const order: string[] = [];
    const go = (name: string, w: { retry: boolean; priority: number }) =>
      pacer.turn({ ...w, exempt: false }).then(() => order.push(name));
    const all = Promise.all([
      go('new, check 3', { retry: false, priority: 3 }),
      go('new, check 1', { retry: false, priority: 1 }),
      go('retry, check 7', { retry: true, priority: 7 }),
      go('retry, check 2', { retry: true, priority: 2 }),
    ]);
    await vi.advanceTimersByTimeAsync(4999);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await all;
    expect(order).toEqual(['retry, check 2', 'retry, check 7', 'new, check 1', 'new, check 3']);
  });

  it('sends at the rate: a burst, then one request per 1/rate', async () => {
    const pacer = new Pacer();
    pacer.setRate(10, 2);
    const at: number[] = [];
    const start = performance.now();
    const all = Promise.all(
      Array.from({ length: 6 }, () =>
        pacer.turn({ retry: false, priority: 0, exempt: false }).then(() => at.push(performance.now() - start)),
      ),
    );
    await vi.advanceTimersByTimeAsync(1000);
    await all;
    expect(at.map((t) => Math.round(t / 10) * 10)).toEqual([0, 0, 100, 200, 300, 400]);
  });

  it('a stopped run lets its waiters go without a turn: the archives of its own records last, unless the stop is hard', async () => {
    const pace = new Pace();
    pace.pacer.pauseUntil(performance.now() + 60_000);
    const check = pace.turn({ retry: false, priority: 0, exempt: false });
    const archive = pace.turn({ retry: false, priority: 0, exempt: true });
    pace.stop('the run was interrupted (SIGINT)');
    expect(await check).toBe(false);
    pace.stop('the run was interrupted (SIGINT)', true);
    expect(await archive).toBe(false);
    expect(pace.stopped).toBe('the run was interrupted (SIGINT)');
  });
});

describe('one pace for the whole run', () => {
  let t = 0;
  const clock = () => t;
  beforeEach(() => {
    t = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a 429's Retry-After pauses every request; the 429s of one burst pause it once", () => {
    const pace = new Pace({ now: clock, random: () => 0 });
    t = 1000;
    expect(pace.limited({ 'retry-after': '10' }, 900)).toEqual({ retry: true });
    expect(pace.pacer.notBefore).toBe(11_000);
    // answers to requests sent before the burst began: the same pause, as long as the latest asks
    t = 1200;
    pace.limited({ 'retry-after': '10' }, 950);
    expect(pace.pacer.notBefore).toBe(11_200);
    expect(pace.pauses).toBe(1);
    expect(pace.waitedMs).toBe(10_200);
  });

  it('learns the rate a fixed window sustains from its 429: 600 taken in 2 s, then a wait of 58 s, is 10 a second', () => {
    const pace = new Pace({ now: clock });
    for (let i = 0; i < 600; i++) {
      t = (i / 600) * 2000;
      pace.answered({});
    }
    t = 2000;
    pace.limited({ 'retry-after': '58' }, 1999);
    expect(pace.quota).toEqual({ ratePerS: 10, source: '429s' });
    // the rate measured, never said to be the server's quota (issue 38)
    expect(pace.rateText()).toBe('about 10 requests/s');
    expect(pace.quotaText()).toBeUndefined();
  });

  it('sends at the rate the server names (RateLimit-Policy), and waits for the reset when its quota is spent', () => {
    const pace = new Pace({ now: clock });
    pace.answered({ 'ratelimit-policy': '"default";q=600;w=60', ratelimit: '"default";r=5;t=30' });
    expect(pace.pacer.rate).toBe(10);
    expect(pace.quotaText()).toBe('600 requests/min');
    t = 100;
    pace.answered({ 'ratelimit-policy': '"default";q=600;w=60', ratelimit: '"default";r=0;t=30' });
    expect(pace.pacer.notBefore).toBe(30_100);
  });

  it('a 429 with no hint backs off with jitter; Retry-After: 0 again and again backs off too', () => {
    const pace = new Pace({ now: clock, random: () => 0 });
    t = 10;
    pace.limited({}, 5);
    expect(pace.pacer.notBefore).toBe(510);
    t = 600;
    pace.limited({ 'retry-after': '0' }, 520);
    // a second burst with no progress between: at least the back-off's next wait
    expect(pace.pacer.notBefore).toBe(1600);
    t = 1700;
    pace.answered({});
    t = 1800;
    pace.limited({ 'retry-after': '0' }, 1750);
    // after progress, Retry-After: 0 is taken at its word: no pause
    expect(pace.pauseLeftMs()).toBe(0);
  });

  it("a 429 among requests sent at once and not yet answered is load shedding when it is one of few: the run's first", async () => {
    const shedding = new Pace({ now: clock });
    // a run's first seven requests, sent at once: the seventh's 429 comes back first
    for (let i = 0; i < 7; i++) await shedding.turn({ retry: false, priority: i, exempt: false });
    expect(shedding.limited({ 'retry-after': '1' }, 0)).toEqual({ retry: true, holdMs: 1000 });
    expect(shedding.pauses).toBe(0);
    expect(shedding.pacer.notBefore).toBe(0);
    // a spent quota refuses them all: its second 429 of seven (past a quarter) is no shedding: the run pauses
    const spent = new Pace({ now: clock });
    for (let i = 0; i < 7; i++) await spent.turn({ retry: false, priority: i, exempt: false });
    spent.limited({ 'retry-after': '1' }, 0);
    expect(spent.limited({ 'retry-after': '1' }, 0)).toEqual({ retry: true });
    expect(spent.pauses).toBe(1);
    expect(spent.pacer.notBefore).toBe(1000);
  });

  it('gives up on a wait longer than --max-wait, at once', () => {
    const pace = new Pace({ now: clock, maxWaitMs: 180_000 });
    expect(pace.limited({ 'retry-after': String(365 * 24 * 3600) }, 0)).toEqual({
      retry: false,
      giveUp: 'the server asked to wait 31536000 s (Retry-After), longer than --max-wait 180 s',
    });
  });

  it('budgets of one pace share its stop', () => {
    const pace = new Pace();
    const before = new RequestBudget(8, undefined, pace);
    const checks = new RequestBudget(8, 100, pace);
    checks.stop('the server stopped answering');
    expect(before.stopped).toBe('the server stopped answering');
    expect(before.stoppedHard).toBe(false);
  });
});

describe('the rate learned from 429s', () => {
  it('is what the server answered over the last 10 s, spread over that time and the wait it asks for', () => {
    let t = 0;
    const learner = new RateLearner(() => t);
    learner.started();
    expect(learner.limited(1000)).toBeUndefined();
    // a token bucket of 10 a second: a burst of 20, then 10 a second
    for (let i = 0; i < 20; i++) learner.answered();
    for (let s = 1; s <= 11; s++) {
      t = s * 1000;
      for (let i = 0; i < 10; i++) learner.answered();
    }
    // the burst fell out of the window: 110 answers over its 10 s, and 1 s to wait
    expect(learner.limited(1000)).toBeCloseTo(10, 5);
  });
});
