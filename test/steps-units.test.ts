import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../lib/check/context.js';
import { holdRecord } from '../lib/runner/record-lock.js';
import { sameTypedValue } from '../suites/steps/same-value.js';
import { readOnce } from '../suites/steps/read-once.js';
import type { Exchange } from '../lib/http/exchange.js';

/**
 * A stand-in check context: only what holdRecord uses (cleanup, the client's goFirst), run at "the end of the check".
 */
function fakeCheck(): { c: CheckContext; end: () => Promise<void>; first: () => boolean } {
  const cleanups: Array<() => Promise<unknown>> = [];
  let first = false;
  const c = {
    cleanup: (fn: () => Promise<unknown>) => {
      cleanups.push(fn);
    },
    api: {
      goFirst: () => {
        first = true;
      },
    },
  } as unknown as CheckContext;
  return {
    c,
    end: async () => {
      for (const fn of cleanups.reverse()) await fn();
    },
    first: () => first,
  };
}

describe('holdRecord: checks that write one shared record take turns', () => {
  it('a second check waits until the first has ended, its cleanups included', async () => {
    const order: string[] = [];
    const a = fakeCheck();
    const b = fakeCheck();
    await holdRecord(a.c, 'task:1');
    order.push('a holds');
    expect(a.first()).toBe(true); // others wait on its requests: they go first
    const bHeld = holdRecord(b.c, 'task:1').then(() => {
      order.push('b holds');
    });
    a.c.cleanup(async () => {
      order.push('a restores');
    });
    await Promise.resolve();
    expect(order).toEqual(['a holds']);
    expect(b.first()).toBe(false); // not while it only waits
    await a.end();
    await bHeld;
    expect(order).toEqual(['a holds', 'a restores', 'b holds']);
    await b.end();
  });

  it('taking the same record twice in one check does not wait on itself; other records do not wait at all', async () => {
    const a = fakeCheck();
    await holdRecord(a.c, 'contact:1');
    // would never settle if it waited on itself (the test then times out)
    await expect(holdRecord(a.c, 'contact:1')).resolves.toBeUndefined();
    const b = fakeCheck();
    await expect(holdRecord(b.c, 'contact:2')).resolves.toBeUndefined();
    await Promise.all([a.end(), b.end()]);
  });
});

describe('sameTypedValue: a value read back holds the value written', () => {
  it('compares by value type where the spec leaves the representation open', () => {
    expect(
      sameTypedValue('2026-01-01T00:00:00Z', { value: '2026-01-01T00:00:00.000+00:00', value_type: 'timestamp' }),
    ).toBe(true);
    expect(sameTypedValue('2026-01-01T00:00:00Z', { value: '2026-01-02T00:00:00Z', value_type: 'timestamp' })).toBe(
      false,
    );
    expect(sameTypedValue({ amount: '1250.00' }, { value: { amount: '1250' }, value_type: 'currency' })).toBe(true);
    expect(sameTypedValue({ amount: '1250.00' }, { value: { amount: '1250.01' }, value_type: 'currency' })).toBe(false);
    const option = { id: 'o1', select_list_id: 'l1', api_name: 'high', display_name: 'High', color: '#f00' };
    expect(sameTypedValue('high', { value: option, value_type: 'select' })).toBe(true);
    expect(sameTypedValue('High', { value: option, value_type: 'select' })).toBe(true);
    expect(
      sameTypedValue({ value_type: 'select', value: { api_name: 'high' } }, { value: option, value_type: 'select' }),
    ).toBe(true);
    expect(sameTypedValue('low', { value: option, value_type: 'select' })).toBe(false);
    expect(sameTypedValue(12, { value: 12, value_type: 'number' })).toBe(true);
    expect(sameTypedValue(12, { value: '12', value_type: 'number' })).toBe(false);
    expect(sameTypedValue(true, { value: true, value_type: 'boolean' })).toBe(true);
    expect(sameTypedValue(['a'], [{ value: 'a', value_type: 'string' }])).toBe(true);
    expect(sameTypedValue('x', undefined)).toBe(false);
  });
});

describe('sameTypedValue: multi-valued items in any order', () => {
  it('matches the items written whatever order they read back in, and no other set', () => {
    const read = [
      { value: 'https://b.example', value_type: 'url' },
      { value: 'https://a.example', value_type: 'url' },
    ];
    expect(sameTypedValue(['https://a.example', 'https://b.example'], read)).toBe(true);
    expect(sameTypedValue(['https://a.example', 'https://a.example'], read)).toBe(false);
    expect(sameTypedValue(['https://a.example'], read)).toBe(false);
  });
});

describe('readOnce: a read the fixtures check already made is judged, not sent again', () => {
  const exchange = (url: string) =>
    ({
      request: { method: 'GET', url, headers: {} },
      response: { status: 200, headers: {}, text: '{}' },
      ms: 1,
      rateLimitRetries: 0,
    }) as Exchange;
  function context(reads: Record<string, { ex: Exchange; sentAt: number }>) {
    const sent: string[] = [];
    const c = {
      target: { preflight: { checked: [], requests: 0, reads } },
      shared: async (_key: string, make: (s: CheckContext) => Promise<unknown>) => make(c),
      api: {
        get: async (path: string, o: { query?: Record<string, string | number> } = {}) => {
          const q = new URLSearchParams(
            Object.entries(o.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
          );
          sent.push(`${path}${q.size > 0 ? `?${q.toString()}` : ''}`);
          return exchange(`http://x/api/v2/public${path}`);
        },
      },
    } as unknown as CheckContext;
    return { c, sent };
  }

  it('answers with the fixtures check read of the same path and query, sending nothing', async () => {
    const note = { ex: exchange('http://x/api/v2/public/note/1'), sentAt: 5 };
    const page = { ex: exchange('http://x/api/v2/public/x/1/relationship/y?page_size=50'), sentAt: 6 };
    const { c, sent } = context({ '/note/1': note, '/x/1/relationship/y?page_size=50': page });
    expect(await readOnce(c, 'a note', '/note/1')).toBe(note);
    expect(await readOnce(c, 'a page', '/x/1/relationship/y', { page_size: 50 })).toBe(page);
    expect(sent).toEqual([]);
  });

  it('sends the read (once per run, as a shared set-up) where the fixtures check made no such read', async () => {
    const { c, sent } = context({ '/note/1': { ex: exchange('http://x/api/v2/public/note/1'), sentAt: 5 } });
    const r = await readOnce(c, 'a page', '/x/1/relationship/y', { page_size: 3 });
    expect(sent).toEqual(['/x/1/relationship/y?page_size=3']);
    expect(r.ex.request.url).toBe('http://x/api/v2/public/x/1/relationship/y');
  });
});
