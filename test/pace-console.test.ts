import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Pace } from '../lib/http/pace.js';
import { duration, expectedRequests, PaceConsole } from '../lib/cli/pace-console.js';
import type { LiveLine } from '../lib/report/console.js';

// What a rate-limited run says while it waits: in CI one line every 10 s at most, on a terminal a
// live line counting down. The clock is faked: nothing here waits.

describe('the console of a rate-limited run', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A pace that has learned 10 a second, and a run 512 requests in, 200 of 452 checks ended. */
  function paced(): Pace {
    const pace = new Pace({ random: () => 0 });
    for (let i = 0; i < 100; i++) pace.answered({});
    return pace;
  }
  const progress = () => ({ sent: 512, checks: { done: 200, total: 452, sent: 500 } });

  it('CI: says the wait, the quota, the requests sent of those expected and the time to go; one line every 10 s at most', async () => {
    const pace = paced();
    const lines: string[] = [];
    const console = new PaceConsole(pace, (l) => lines.push(l), undefined, progress);
    pace.limited({ 'retry-after': '47' });
    expect(lines).toEqual([
      expect.stringMatching(
        /^rate limited: the server asks to wait 47 s \(about [\d.]+ requests\/s as measured\); 512 of ~\d+ requests sent, about \d+ min \d+ s to go$/,
      ),
    ]);
    // a second pause within 10 s of the first line: not said again
    await vi.advanceTimersByTimeAsync(3000);
    pace.pacer.notBefore = 0;
    pace.limited({ 'retry-after': '30' }, performance.now());
    expect(lines).toHaveLength(1);
    // while it lasts, one more line every 10 s
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^rate limited: the server asks to wait 2\d s /);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(lines.length).toBeLessThanOrEqual(4);
    console.dispose();
  });

  it('a terminal: a live line counting the pause down, once a second; short pauses are not announced', async () => {
    const pace = paced();
    const shown: string[] = [];
    const live: LiveLine = { update: (t) => shown.push(t), clear: () => undefined };
    const console = new PaceConsole(pace, () => undefined, live, progress);
    pace.limited({ 'retry-after': '1' });
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    pace.limited({ 'retry-after': '5' }, performance.now());
    await vi.advanceTimersByTimeAsync(5000);
    expect(shown.map((l) => /wait (\d+) s/.exec(l)?.[1])).toEqual(['5', '4', '3', '2', '1']);
    expect(console.suffix()).toMatch(
      /^ · 512\/~\d+ requests at about [\d.]+ requests\/s as measured, about (\d+ min ?)?(\d+ s)? left$/,
    );
    console.dispose();
  });

  it('a server that gave no hint: says it backs off', () => {
    const pace = new Pace({ random: () => 1 });
    const console = new PaceConsole(
      pace,
      () => undefined,
      undefined,
      () => ({ sent: 3 }),
    );
    expect(console.line({ waitMs: 8000, askedBy: 'no hint: back-off' })).toBe(
      'rate limited: the server gave no hint: backing off 8 s; 3 requests sent',
    );
  });

  it('estimates the requests to come from the checks still to run, and says durations as people do', () => {
    expect(expectedRequests({ sent: 0, checks: { done: 0, total: 452, sent: 0 } })).toBe(949);
    expect(expectedRequests({ sent: 1000, checks: { done: 452, total: 452, sent: 980 } })).toBe(1000);
    expect(expectedRequests({ sent: 10 })).toBeUndefined();
    expect([duration(400), duration(47_000), duration(80_000), duration(120_000)]).toEqual([
      '1 s',
      '47 s',
      '1 min 20 s',
      '2 min',
    ]);
  });
});
