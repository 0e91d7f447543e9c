import { describe, expect, it } from 'vitest';
import { harOf, harPieces, harTextOf, type HarCheck } from '../lib/report/har.js';
import { HarPieces } from '../lib/cli/run/har-file.js';
import { Redactor } from '../lib/redact/redact.js';
import { escapeInvisible } from '../lib/util/invisible.js';
import type { Exchange } from '../lib/http/exchange.js';
import type { CheckRun } from '../lib/runner/check-run.js';
import type { RunRecord } from '../lib/runner/run-record.js';

// `--har` is made as the checks end, each check's entries scanned then (lib/cli/run/har-file.ts): the
// run's end only joins them. Joined, they must be the file harOf's HAR made whole was, byte for byte,
// and a key anywhere in them must still reach no file.

const KEY = 'pra_live_k3y0000000000000000001';
const exchange = (ms: number, text = '{}', body?: string): Exchange => ({
  request: {
    method: body === undefined ? 'GET' : 'POST',
    url: 'http://127.0.0.1:1/api/contact/1?a=b',
    headers: { authorization: 'Bearer <api-key>' },
    ...(body !== undefined ? { body } : {}),
  },
  response: { status: 200, headers: { 'content-type': 'application/json' }, text },
  ms,
  rateLimitRetries: 0,
});

const check = (index: number, exchanges: Exchange[], starts: Array<number | undefined>): HarCheck => ({
  index,
  id: `rule.${index}`,
  title: `check ${index} \u202e reversed`,
  held: index === 1 ? ['task:1'] : [],
  exchanges,
  spans: starts.map((start) => (start === undefined ? undefined : { start, sent: start + 1, end: start + 5 })) as [],
});

describe('the HAR made as the checks end', () => {
  it("joins to harOf's text byte for byte: entries by start, then check, then request; invisible characters escaped", () => {
    const checks = [
      check(0, [exchange(5), exchange(6, '{"note":"\u200b"}')], [30, 10]),
      check(1, [exchange(7, '{}', '{"x":1}'), exchange(8)], [10, 20]),
      check(2, [exchange(9)], [20]),
    ];
    const { head, entries, tail } = harTextOf(
      checks.flatMap((c) => harPieces(c)),
      '1.2.3',
    );
    const whole = JSON.stringify(harOf(checks, { version: '1.2.3' }));
    expect(`${head}${entries.join(',')}${tail}`).toBe(whole);
    expect(entries).toHaveLength(5);
  });

  const runOf = (c: HarCheck): CheckRun =>
    ({
      result: { id: c.id, title: c.title },
      held: c.held,
      exchanges: c.exchanges,
      spans: c.spans,
    }) as unknown as CheckRun;
  const recordOf = (runs: CheckRun[]): RunRecord =>
    ({ runs, setups: { exchanges: [exchange(3)], spans: [{ start: 15, end: 18 }] } }) as unknown as RunRecord;

  it('is the whole file when every check ended through it and no piece holds a key', () => {
    const redactor = new Redactor([{ label: '<api-key>', value: KEY }]);
    const checks = [check(0, [exchange(5, '{"t":"\u2066"}')], [30]), check(1, [exchange(7)], [10])];
    const runs = checks.map(runOf);
    const pieces = new HarPieces(redactor);
    runs.forEach((r, i) => pieces.add(r, i));
    const setups = { index: 2, id: 'set-up', title: 'run-scoped set-ups several checks share', held: [] };
    const whole = JSON.stringify(
      harOf([...checks, { ...setups, exchanges: [exchange(3)], spans: [{ start: 15, end: 18 }] }], {
        version: pieces.version,
      }),
    );
    expect(pieces.text(recordOf(runs), { apiKey: KEY })).toBe(escapeInvisible(whole) + '\n');
  });

  it('is not made (the file is made whole and redacted) when a piece holds a key, in any spelling', () => {
    const redactor = new Redactor([{ label: '<api-key>', value: KEY }]);
    for (const text of [`{"echo":"${KEY}"}`, `{"echo":"${encodeURIComponent(KEY).replace(/_/g, '%5F')}"}`]) {
      const runs = [check(0, [exchange(5)], [1]), check(1, [exchange(5, text)], [2])].map(runOf);
      const pieces = new HarPieces(redactor);
      runs.forEach((r, i) => pieces.add(r, i));
      expect(pieces.text(recordOf(runs), { apiKey: KEY })).toBeUndefined();
    }
    // a key in a set-up's request, made at the end
    const runs = [check(0, [exchange(5)], [1])].map(runOf);
    const pieces = new HarPieces(redactor);
    pieces.add(runs[0]!, 0);
    const record = { runs, setups: { exchanges: [exchange(3, KEY)], spans: [{ start: 2, end: 3 }] } };
    expect(pieces.text(record as unknown as RunRecord, { apiKey: KEY })).toBeUndefined();
  });

  it('is not made when a key holds what joins two pieces, or a check did not end through it', () => {
    const comma = 'pra_live_a,b0000000000000000';
    const runs = [check(0, [exchange(5)], [1]), check(1, [exchange(5)], [2])].map(runOf);
    const pieces = new HarPieces(new Redactor([{ label: '<api-key>', value: comma }]));
    runs.forEach((r, i) => pieces.add(r, i));
    expect(pieces.text(recordOf(runs), { apiKey: comma })).toBeUndefined();
    expect(pieces.text(recordOf(runs), { apiKey: KEY })).toBeDefined();
    // an interrupted run's checks are in the order they ended: not the index each was made with
    expect(pieces.text(recordOf([runs[1]!, runs[0]!]), { apiKey: KEY })).toBeUndefined();
    // a request sent after the check ended
    runs[1]!.exchanges.push(exchange(4));
    expect(pieces.text(recordOf(runs), { apiKey: KEY })).toBeUndefined();
  });
});
