import { describe, expect, it } from 'vitest';
import { Conformance } from '../lib/check/expect-conform.js';
import { NonConformance } from '../lib/check/non-conformance.js';
import type { Exchange } from '../lib/http/exchange.js';
import type { CheckResult } from '../lib/check/result.js';
import type { Violation } from '../lib/check/outcome.js';
import { rootCauses } from '../lib/report/root-causes.js';
import { conformanceReport } from '../lib/report/conformance-json.js';
import { reportHtml } from '../lib/report/html.js';
import { recordViolations } from '../suites/spec/record-violations.js';
import { errorBodyViolations } from '../suites/spec/error-body.js';
import { JUDGES } from '../suites/spec/judges.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';

const answer = (status: number, json?: unknown): Exchange => ({
  request: { method: 'DELETE', url: 'http://127.0.0.1:1/api/v2/public/task/x', headers: {} },
  response: {
    status,
    headers: { 'content-type': 'application/json' },
    text: json === undefined ? '' : JSON.stringify(json),
    ...(json === undefined ? {} : { json }),
  },
  ms: 1,
  rateLimitRetries: 0,
});

/** The violation an expectation throws. */
function thrown(fn: () => unknown): Violation {
  try {
    fn();
  } catch (err) {
    if (err instanceof NonConformance) return err.violation;
    throw err;
  }
  throw new Error('no violation');
}

const failed = (id: string, endpoint: string, v: Violation): CheckResult => ({
  id,
  level: 'MUST',
  status: 'failed',
  title: `${endpoint} check`,
  endpoint,
  message: `[${v.rule}] expected ${v.expected}; got ${v.actual}`,
  group: 'g',
  section: 's',
  quote: 'q',
  expected: v.expected,
  actual: v.actual,
  violations: [v],
});

describe('a root cause is the rule and what is wrong', () => {
  it('a request that had to be refused, taken with 200 at one operation and 204 at another: one root cause', () => {
    const a = thrown(() => new Conformance(answer(200, { data: {} }), 'auth.forbidden-403', JUDGES).status(403));
    const b = thrown(() => new Conformance(answer(204), 'auth.forbidden-403', JUDGES).status(403));
    expect(a.actual).toBe('HTTP 200');
    expect(b.actual).toBe('HTTP 204');
    const causes = rootCauses([
      failed('auth.forbidden-403', 'DELETE /a', a),
      failed('auth.forbidden-403', 'DELETE /b', b),
    ]);
    expect(causes).toHaveLength(1);
    expect(causes[0]).toMatchObject({ operations: ['DELETE /a', 'DELETE /b'], checks: 2 });
  });

  it('other refusals stay apart: a 400 is not a 404, and a code is part of what came back', () => {
    const e400 = thrown(() =>
      new Conformance(answer(400, { code: 'unknown_field', message: 'a' }), 'auth.forbidden-403', JUDGES).status(403),
    );
    const e404 = thrown(() =>
      new Conformance(answer(404, { code: 'record_not_found', message: 'b' }), 'auth.forbidden-403', JUDGES).status(
        403,
      ),
    );
    const again = thrown(() =>
      new Conformance(
        answer(400, { code: 'unknown_field', message: 'other words' }),
        'auth.forbidden-403',
        JUDGES,
      ).status(403),
    );
    const causes = rootCauses([
      failed('auth.forbidden-403', 'DELETE /a', e400),
      failed('auth.forbidden-403', 'DELETE /b', e404),
      failed('auth.forbidden-403', 'DELETE /c', again),
    ]);
    expect(causes.map((c) => c.operations)).toEqual([['DELETE /a', 'DELETE /c'], ['DELETE /b']]);
  });

  it('a value wrong in one way in two attributes of two kinds of record: one problem, in words', () => {
    // a custom-object record carries id, created_at, updated_at and display_name ("Envelope plus attributes: …")
    const stated = (kind: string) =>
      kind.startsWith('cus_obj__')
        ? {
            id: { value_type: 'uuid', value: '7d6c2a5e-3c1b-4c8e-9a57-0c2f7f1d2b3a' },
            created_at: { value_type: 'timestamp', value: '2026-11-27T10:00:00Z' },
            updated_at: { value_type: 'timestamp', value: '2026-11-27T10:00:00Z' },
            display_name: { value_type: 'string', value: 'P' },
          }
        : {};
    const record = (kind: string, attributes: Record<string, unknown>) => ({
      data: {
        id: '7d6c2a5e-3c1b-4c8e-9a57-0c2f7f1d2b3a',
        created_at: '2026-11-27T10:00:00Z',
        updated_at: '2026-11-27T10:00:00Z',
        record_type: kind,
        attributes: { ...stated(kind), ...attributes },
      },
    });
    const account = recordViolations(
      'account',
      record('account', { funding_raised: { value_type: 'currency', value: { amount: 12 } } }),
    );
    const custom = recordViolations(
      'custom-object',
      record('cus_obj__project', { budget: { value_type: 'currency', value: { amount: 1250.5 } } }),
    );
    // a correct { value, value_type } envelope is never value.typed's, whatever the validator's branches said
    expect(account.map((v) => v.rule)).toEqual(['value.shape']);
    expect(custom.map((v) => v.rule)).toEqual(['value.shape']);
    expect(custom[0]).toMatchObject({
      actual: 'budget (currency): value.amount is 1250.5, a number, not a string',
      problem: 'currency: value.amount is a number, not a string',
      at: '/data/attributes/budget/value/amount',
    });
    expect(account[0]!.problem).toBe(custom[0]!.problem);
    const untyped = recordViolations('custom-object', record('cus_obj__project', { budget: 1250 }));
    expect(untyped).toEqual([
      expect.objectContaining({
        rule: 'value.typed',
        actual: 'budget is 1250, a number',
        at: '/data/attributes/budget',
      }),
    ]);
    // a stated attribute missing is the record's attributes rule, not the envelope's
    const { data } = record('cus_obj__project', {});
    const { id: _id, ...withoutId } = data.attributes;
    expect(recordViolations('custom-object', { data: { ...data, attributes: withoutId } })).toEqual([
      expect.objectContaining({ rule: 'record.custom-object.attributes', at: '/data/attributes' }),
    ]);
  });

  it('a body that is not the error body at all is one violation, error.body, in words', () => {
    const foreign = errorBodyViolations({
      status: 400,
      headers: { 'content-type': 'application/json' },
      text: '',
      json: { statusCode: 400, code: 'FST_ERR_MAX_PARAM_LENGTH', error: 'Bad Request', message: 'too long' },
    });
    expect(foreign).toEqual([
      expect.objectContaining({
        rule: 'error.body',
        problem: 'not the spec\'s error body: an object with keys "statusCode", "code", "error", "message"',
      }),
    ]);
    const partial = errorBodyViolations({
      status: 400,
      headers: { 'content-type': 'application/json' },
      text: '',
      json: { status_code: 400, error_type: 'x', code: 'unknown_field' },
    });
    expect(partial).toEqual([expect.objectContaining({ rule: 'error.body', actual: 'message is missing' })]);
  });

  it("report.html links each root-cause row to its cause's first card", () => {
    const a = thrown(() => new Conformance(answer(200, { data: {} }), 'auth.forbidden-403', JUDGES).status(403));
    const checks = [failed('auth.forbidden-403', 'DELETE /a', a), failed('auth.forbidden-403', 'DELETE /b', a)];
    const report = conformanceReport(
      checks,
      {
        runId: 'r',
        target: 't',
        embedded: false,
        seed: 1,
        startedAt: '2026-11-27T10:00:00.000Z',
        durationMs: 1,
        suiteVersion: '0',
      },
      { successStatuses: [], errorCodes: [] },
      CATALOGUE,
    );
    const html = reportHtml(report);
    expect(html).toContain('<a href="#c-auth.forbidden-403-0">the evidence</a>');
    expect(html).toContain('id="c-auth.forbidden-403-0"');
  });
});
