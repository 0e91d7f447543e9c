import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ExchangeResponse } from '../../lib/http/exchange.js';
import { RunRecords } from '../../lib/safety/provenance.js';
import { createdBy as createdWith } from '../../lib/safety/created.js';
import { ApiClient } from '../../lib/http/client.js';
import { Redactor } from '../../lib/redact/redact.js';
import { STATED_OPERATIONS } from '../../suites/spec/api-operations.js';

/** createdBy of the spec's operations. */
const createdBy = (...a: [string, string, Parameters<typeof createdWith>[2], string | undefined]) =>
  createdWith(...a, STATED_OPERATIONS);

// The unit behind row 3: what the run made is judged from the answer, each criterion on its own.

const RUN = 'cr-20260301-1200-abc123';
const STARTED = Date.UTC(2026, 2, 1, 12, 0);

/** A create's answer, as the server's clock had it at `serverNow`. */
function answer(id: string, o: { createdAt?: string; tag?: string; serverNow?: number } = {}): ExchangeResponse {
  const data = {
    id,
    created_at: o.createdAt ?? new Date(STARTED + 5 * 60_000).toISOString(),
    attributes: { display_name: { value_type: 'string', value: `Acme [conformance ${o.tag ?? RUN}]` } },
  };
  return {
    status: 201,
    headers: { date: new Date(o.serverNow ?? STARTED + 5 * 60_000).toUTCString() },
    text: JSON.stringify({ data }),
    json: { data },
  };
}

/** Whose a contact create's answer is, judged as the tracker judges it: from what the answer says it made. */
function judged(r: RunRecords, res: ExchangeResponse): string | undefined {
  const made = createdBy('POST', '/contact', res, '{}');
  if (made === undefined) throw new Error('the answer names no record');
  return r.judge(made.id, res, made);
}

describe('a created record is the run’s own only when the answer says it is new', () => {
  // the clock of this machine is not the run's: the judgement reads the server's Date header against now
  const records = () => new RunRecords(RUN, new Set(['11111111-1111-4111-8111-111111111111']));
  const now = Date.now();
  const fresh = (id: string, o: Parameters<typeof answer>[1] = {}) =>
    answer(id, { createdAt: new Date(now).toISOString(), serverNow: now, ...o });

  it('a new record of this run is its own, once', () => {
    const runId = `cr-${new Date(now - 60_000).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}-abc123`;
    const r = new RunRecords(runId, new Set());
    const id = randomUUID();
    // its answer reads back this run's tag: proven the run's, with no created_at or Date header needed
    const tagged = { ...fresh(id, { tag: runId }), headers: {} };
    expect(r.judge(id, tagged, { upsert: false })).toBeUndefined();
    // a second create answering the same id is not new
    expect(r.judge(id, tagged, { upsert: false })).toMatch(/already made/);
  });

  it('not proven is not new (issue 38): no tag of this run read back, no Date header, an old record', () => {
    const id = randomUUID();
    const old = answer(id, { createdAt: '2025-01-20T00:00:00Z', tag: 'Acme Inc' });
    const undated = { ...old, headers: {}, text: old.text.replaceAll(RUN, 'none') };
    undated.json = JSON.parse(undated.text) as unknown;
    expect(records().judge(id, undated, { upsert: false, createdAt: '2025-01-20T00:00:00Z' })).toMatch(
      /not proven the run's: its answer does not read back this run's tag, and it has no Date header to date it by/,
    );
    // with its Date header, the same record dates itself as older than the run: not its own either
    expect(records().judge(randomUUID(), old, { upsert: false, createdAt: '2025-01-20T00:00:00Z' })).toMatch(
      /before this run started/,
    );
  });

  it('an id the fixtures name, another run’s tag: not its own', () => {
    expect(records().judge('11111111-1111-4111-8111-111111111111', fresh('x'), { upsert: false })).toMatch(
      /fixtures file names/,
    );
    expect(records().judge(randomUUID(), fresh('x', { tag: 'cr-20200101-0000-abcdef' }), { upsert: true })).toMatch(
      /another run, "cr-20200101-0000-abcdef"/,
    );
  });

  it('a created_at before the run started, on the server’s own clock: not its own; a server whose clock is off is not', () => {
    // the run started a minute ago on this machine; the server's clock runs three hours ahead of it
    const runId = `cr-${new Date(now - 60_000).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}-abc123`;
    const r = new RunRecords(runId, new Set());
    const serverNow = now + 3 * 3600_000;
    const at = (ms: number) => new Date(ms).toISOString();
    expect(judged(r, answer(randomUUID(), { createdAt: at(serverNow - 3600_000), serverNow, tag: runId }))).toMatch(
      /created_at ".*" is before this run started/,
    );
    // made a moment ago on the server's clock: new, although this machine's clock reads three hours earlier
    expect(
      judged(r, answer(randomUUID(), { createdAt: at(serverNow - 20_000), serverNow, tag: runId })),
    ).toBeUndefined();
    // without a Date header the clocks cannot be compared: not judged by created_at
    const noDate = { ...answer(randomUUID(), { createdAt: '2020-01-01T00:00:00Z', tag: runId }), headers: {} };
    expect(judged(r, noDate)).toBeUndefined();
  });

  it('an upsert reaching the run’s own record again is still its own', () => {
    const r = new RunRecords(RUN, new Set());
    const id = randomUUID();
    const a = answer(id, { serverNow: STARTED + 5 * 60_000 });
    expect(r.judge(id, a, { upsert: true })).toBeUndefined();
    expect(r.judge(id, a, { upsert: true })).toBeUndefined();
  });
});

describe('a cursor from the server goes only into a query parameter, encoded', () => {
  it('stays in the query, whatever it holds', () => {
    const client = new ApiClient({
      baseUrl: 'http://127.0.0.1:1/api/v2/public',
      operations: STATED_OPERATIONS,
      keys: { apiKey: 'k' },
      timeoutMs: 1000,
      redactor: new Redactor([]),
    });
    const cursor = '../../admin?role=admin#x&page_size=1000 %2F';
    const url = new URL(client.url('/contact/abc/relationship/accounts', { cursor }));
    expect(url.pathname).toBe('/api/v2/public/contact/abc/relationship/accounts');
    expect([...url.searchParams.keys()]).toEqual(['cursor']);
    expect(url.searchParams.get('cursor')).toBe(cursor);
    expect(url.hash).toBe('');
  });
});
