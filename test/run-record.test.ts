import { describe, expect, it } from 'vitest';
import { RunRecord } from '../lib/runner/run-record.js';
import type { CheckRun } from '../lib/runner/check-run.js';
import type { CheckResult } from '../lib/check/result.js';
import type { Exchange } from '../lib/http/exchange.js';
import { STATED_OPERATIONS } from '../suites/spec/api-operations.js';

const BASE = 'http://127.0.0.1:1/api/v2/public';

/** An exchange of `path`, answered with `status` or (undefined) with nothing. */
function exchange(path: string, status: number | undefined): Exchange {
  return {
    request: { method: 'GET', url: `${BASE}${path}`, headers: {} },
    ...(status !== undefined ? { response: { status, headers: {}, text: '{}', json: {} } } : {}),
    ms: 1,
    rateLimitRetries: 0,
  };
}

const span = (start: number, end: number) => ({ start, end });

/** A check's run: its result, its answered traffic, its unanswered requests and its chain. */
function checkRun(id: string, answered: number, unanswered: number, chain: number, held: string[] = []): CheckRun {
  const result = { id, title: id, status: 'passed', chain } as unknown as CheckResult;
  return {
    result,
    traffic: Array.from({ length: answered }, () => ({
      endpoint: 'GET /note/{note_id}',
      status: 200,
      emptyBody: false,
    })),
    unanswered,
    held,
    exchanges: [],
    spans: [],
    findings: [],
  };
}

describe('RunRecord: what a run accumulated, apart from what prints it', () => {
  it('keeps the checks as they end, then every output reads the results, the traffic and the chain from it', () => {
    const record = new RunRecord();
    const a = checkRun('a', 2, 1, 3, ['task']);
    const b = checkRun('b', 1, 0, 2, ['task']);
    record.onCheck(b);
    record.onCheck(a);
    expect(record.ended).toEqual([b, a]);

    const finding = { id: 'record.envelope', status: 'failed' } as unknown as CheckResult;
    const setups = {
      exchanges: [exchange('/note/x', 200), exchange('/note/y', undefined)],
      spans: [],
      requestsByKey: () => ({ 'a note': 2 }),
    };
    record.finish([a, b], [finding], setups, { baseUrl: BASE, operations: STATED_OPERATIONS });

    // the registry's order, then the findings the checks met beyond their own rule
    expect(record.results.map((r) => r.id)).toEqual(['a', 'b', 'record.envelope']);
    // the set-ups' requests are part of what the run sent: answered ones as traffic, the rest unanswered
    expect(record.traffic).toHaveLength(2 + 1 + 1);
    expect(record.unanswered).toBe(1 + 0 + 1);
    // two checks that took turns on one record: their chains add up
    expect(record.chain).toBe(5);
    expect(record.setups).toBe(setups);
  });

  it("counts the shared set-up a check waited on in the run's chain, not its archive at the end", () => {
    const record = new RunRecord();
    // the check sent two requests one after the other, after the set-up's three in a row
    const check = { ...checkRun('c', 2, 0, 2), spans: [span(30, 40), span(40, 50)], setups: ['a contact'] };
    const other = { ...checkRun('d', 1, 0, 1), spans: [span(0, 5)], setups: ['a note'] };
    const setupSpans: Record<string, ReturnType<typeof span>[]> = {
      'a contact': [span(0, 10), span(10, 20), span(20, 30)],
      'a note': [span(0, 10)],
    };
    record.finish(
      [check, other],
      [],
      { exchanges: [], spans: [], requestsByKey: () => ({}), spansOf: (k) => setupSpans[k] ?? [] },
      { baseUrl: BASE, operations: STATED_OPERATIONS },
    );
    expect(record.chain).toBe(5);
  });
});
