import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RequestBudget } from '../lib/http/request-budget.js';
import { groupsOfShard } from '../lib/select/shard.js';
import { SUITE_FILES } from '../suites/index.js';

const settle = () => new Promise<void>((resolve) => { setImmediate(resolve); });

describe('--shard: deterministic, disjoint slices of whole endpoint groups', () => {
  const sizes = new Map([['robustness', 109], ['authentication', 50], ['errors', 30], ['records', 27], ['contacts', 21], ['tasks', 9], ['discovery', 4]]);

  it('every group lands in exactly one shard, the same one every time', () => {
    for (const count of [1, 2, 3, 5, 8]) {
      const slices = Array.from({ length: count }, (_, i) => groupsOfShard(sizes, { index: i + 1, count }));
      const all = slices.flatMap((s) => [...s]);
      expect(all.sort()).toEqual([...sizes.keys()].sort());
      expect(slices.map((s) => [...s].sort())).toEqual(Array.from({ length: count }, (_, i) => [...groupsOfShard(sizes, { index: i + 1, count })].sort()));
    }
  });

  it('balances by check count: no two shards differ by more than the largest group', () => {
    const load = (i: number, count: number) => [...groupsOfShard(sizes, { index: i, count })].reduce((n, g) => n + sizes.get(g)!, 0);
    expect([load(1, 2), load(2, 2)]).toEqual([122, 128]);
    for (const count of [2, 3, 4]) {
      const loads = Array.from({ length: count }, (_, i) => load(i + 1, count));
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(109);
    }
  });
});

describe('the request budget: --concurrency, --max-requests and the 429 back-off in one place', () => {
  it('never lets more than the limit in flight, and serves the oldest check first', async () => {
    const b = new RequestBudget(2);
    await b.acquire(5);
    await b.acquire(5);
    const order: number[] = [];
    const waiting = [b.acquire(9).then(() => order.push(9)), b.acquire(1).then(() => order.push(1)), b.acquire(3).then(() => order.push(3))];
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

  it('halves the limit on a 429 (once per burst), then grows it back by one per window of answers', () => {
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
    for (let i = 0; i < 2; i++) b.answered(sent(), 200);
    expect(b.limit).toBe(3);
    for (let i = 0; i < 3 + 4 + 5 + 6 + 7; i++) b.answered(sent(), 200);
    expect(b.limit).toBe(8);
    b.answered(sent(), 200);
    expect(b.limit).toBe(8); // never past --concurrency
    expect(b.lowest).toBe(2);
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
    const files = readdirSync(dir).filter((f) => f.endsWith('.checks.ts')).map((f) => f.replace(/\.checks\.ts$/, '')).sort();
    expect(SUITE_FILES.map((f) => f.group)).toEqual(files);
  });
});
