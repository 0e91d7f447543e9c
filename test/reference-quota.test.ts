import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import { parseRunArgs, parseServeArgs } from '../lib/cli/args.js';
import { duration } from '../lib/config/resolve.js';
import { Quota } from '../reference/quota/quota.js';

// The reference meters as production APIs do (reference/quota/): what its answers say, and the flags.

describe('the reference server with a quota', () => {
  let ref: RunningReference | undefined;
  afterEach(async () => {
    await ref?.close();
    ref = undefined;
  });

  async function get(): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
    const res = await request(`${ref!.baseUrl}/contact/${crypto.randomUUID()}`, {
      headers: { authorization: `Bearer ${ref!.keys.apiKey}` },
    });
    await res.body.text();
    return { status: res.statusCode, headers: res.headers };
  }

  it('a fixed window refuses past its limit with the error body, Retry-After in seconds and the RateLimit fields', async () => {
    ref = await startReferenceServer({ quota: { kind: 'window', limit: 2, windowS: 60 }, quotaHeaders: 'ratelimit' });
    const answers = [await get(), await get(), await get()];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 429]);
    expect(answers[0]!.headers['ratelimit-policy']).toBe('"default";q=2;w=60');
    expect(answers[0]!.headers['ratelimit']).toMatch(/^"default";r=1;t=\d+$/);
    const refused = answers[2]!.headers;
    expect(Number(refused['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused['ratelimit']).toMatch(/^"default";r=0;t=\d+$/);
  });

  it('Retry-After as an HTTP-date, or none at all; X-RateLimit-Reset as a Unix time', async () => {
    ref = await startReferenceServer({
      quota: { kind: 'bucket', ratePerS: 1, burst: 1 },
      retryAfter: 'date',
      quotaHeaders: 'x-ratelimit',
    });
    await get();
    const refused = (await get()).headers;
    expect(Date.parse(String(refused['retry-after']))).toBeGreaterThan(Date.now() - 1000);
    expect(refused['x-ratelimit-limit']).toBe('1');
    expect(refused['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused['x-ratelimit-reset'])).toBeGreaterThan(1e9);
    await ref.close();
    ref = await startReferenceServer({ quota: { kind: 'bucket', ratePerS: 1, burst: 1 }, retryAfter: 'none' });
    await get();
    const bare = await get();
    expect(bare.status).toBe(429);
    expect(bare.headers['retry-after']).toBeUndefined();
  });

  it('a token bucket takes a burst, then its rate', () => {
    let t = 0;
    const q = new Quota({ kind: 'bucket', ratePerS: 10, burst: 2 }, 'seconds', 'none', () => t);
    const take = () => q.take({}) === undefined;
    expect([take(), take(), take()]).toEqual([true, true, false]);
    t = 100;
    expect([take(), take()]).toEqual([true, false]);
  });

  it('flags: --quota-bucket, --quota-window, --retry-after, --quota-headers, for a run and for serve; bad values are one line', () => {
    expect(parseRunArgs(['--quota-bucket', '10:20', '--retry-after', 'date']).reference).toEqual({
      quota: { kind: 'bucket', ratePerS: 10, burst: 20 },
      retryAfter: 'date',
    });
    expect(parseServeArgs(['--quota-window', '600:60', '--quota-headers', 'x-ratelimit']).reference).toEqual({
      quota: { kind: 'window', limit: 600, windowS: 60 },
      quotaHeaders: 'x-ratelimit',
    });
    expect(() => parseRunArgs(['--quota-bucket', '10'])).toThrow(/--quota-bucket must be RATE:BURST/);
    expect(() => parseRunArgs(['--quota-bucket', '1:1', '--quota-window', '1:1'])).toThrow(/exclude each other/);
    expect(() => parseRunArgs(['--retry-after', 'soon'])).toThrow(/--retry-after must be seconds, date, none/);
  });

  it('--max-wait reads seconds, and 90s, 3m, 500ms', () => {
    expect(['180', '90s', '1.5s', '3m', '500ms'].map((v) => duration('max-wait', v))).toEqual([
      180_000, 90_000, 1500, 180_000, 500,
    ]);
    expect(() => duration('max-wait', 'forever')).toThrow(/--max-wait must be a number of seconds/);
  });
});
