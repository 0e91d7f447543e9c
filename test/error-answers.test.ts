import { describe, expect, it } from 'vitest';
import { AnswerObserver } from '../lib/check/answer-observer.js';
import type { Exchange } from '../lib/http/exchange.js';
import { observerFindings } from '../lib/runner/observer-findings.js';
import type { CheckRun } from '../lib/runner/check-run.js';
import type { CheckResult } from '../lib/check/result.js';
import type { Redactor } from '../lib/redact/redact.js';
import { rootCauses } from '../lib/report/root-causes.js';
import { STATED_OPERATIONS } from '../suites/spec/api-operations.js';
import { JUDGES } from '../suites/spec/judges.js';
import { errorAnswerTargets, UNSTATED_ROUTES } from '../suites/sweeps/error-answers.js';
import { OPERATIONS } from '../suites/spec/operations.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';
import { checkKey } from '../lib/catalogue/check-key.js';
import { FIXTURES_CHECK, PROBE, SHOWN_BY_MAX, shownBy } from '../lib/check/shown-by.js';
import type { Violation } from '../lib/check/outcome.js';

// Every error answer of the run is evidence for the error body's rules, whichever check asked: the run's
// observer judges each as it arrives and files it by operation; a server that breaks the body the same
// way at several operations is one cause listing them.

const BASE = 'http://server/api/v2/public';
const ID = '8a0f7d0e-3b1a-4c55-9a3e-2f1d7e6b5c40';

/** An answered exchange: `body` as JSON, at `url` (a path under the base URL, or a whole URL). */
function answer(method: string, url: string, status: number, body: unknown, type = 'application/json'): Exchange {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    request: { method, url: url.startsWith('http') ? url : `${BASE}${url}`, headers: {} },
    response: { status, headers: { 'content-type': type }, text, ...(body === undefined ? {} : { json: body }) },
    ms: 1,
    rateLimitRetries: 0,
  } as Exchange;
}

const errorBody = (status: number, code: string) => ({
  status_code: status,
  error_type: 'invalid_request',
  code,
  message: 'no',
  details: null,
});

const observer = () => new AnswerObserver({ baseUrl: BASE, operations: STATED_OPERATIONS, judges: JUDGES });

describe("the run's observer of error answers", () => {
  it('files every answer by operation, and judges each error answer of a documented status by the error body', () => {
    const o = observer();
    o.see(answer('GET', `/note/${ID}`, 200, { data: {} }));
    o.see(answer('GET', `/note/${ID}`, 404, errorBody(404, 'record_not_found')));
    const limiter = answer('POST', '/contact', 413, { code: 'payload_too_large', message: 'too large' });
    o.see(limiter);
    o.see(limiter); // the same answer twice is judged once
    o.see(answer('POST', '/contact', 413, { code: 'payload_too_large', message: 'too large' }));
    o.see(answer('POST', '/contact', 422, errorBody(422, 'field_value_invalid')));
    const note = o.errorsAt('GET /note/{note_id}');
    expect(note).toMatchObject({ answers: 2, errors: 1, statuses: [404], failures: [] });
    expect(note.firstAnswer?.response?.status).toBe(200);
    const create = o.errorsAt('POST /contact');
    expect(create).toMatchObject({ answers: 3, errors: 3, statuses: [413, 422] });
    // one way, at one operation, counted over the answers that showed it
    expect(create.failures.map((f) => [f.violation.rule, f.operation, f.count])).toEqual([
      ['error.body', 'POST /contact', 2],
    ]);
    expect(create.failures[0]!.way).toBe(`not the spec's error body: an object with keys "code", "message"`);
    expect(o.errorsAt('DELETE /task/{task_id}')).toEqual({ answers: 0, errors: 0, statuses: [], failures: [] });
  });

  it('judges each rule of the error body under its own id, at unstated routes too', () => {
    const o = observer();
    o.see(answer('PUT', `/contact/${ID}`, 405, { ...errorBody(400, 'write_not_supported'), details: { code: 'x' } }));
    o.see(answer('GET', '/conformance-no-such-route-a1', 404, '<html></html>', 'text/html'));
    const put = o.errorsAt('PUT (unstated route)');
    expect(put.failures.map((f) => f.violation.rule)).toEqual([
      'error.status-code-mirrors',
      'error.details-discriminated',
    ]);
    expect(o.errorsAt('GET (unstated route)').failures.map((f) => f.violation.rule)).toEqual([
      'media.json-responses',
      'error.body',
    ]);
    // no listed code names an internal error: a 500's own code is the strict reading's finding, as a 403's
    o.see(answer('PATCH', `/contact/${ID}`, 500, errorBody(500, 'internal_error')));
    o.see(answer('PATCH', `/contact/${ID}`, 422, errorBody(422, 'internal_error')));
    expect(o.errorsAt('PATCH /contact/{contact_id}').failures.map((f) => f.violation.rule)).toEqual([
      'error.code-listed-no-fit',
      'error.code-listed',
    ]);
  });

  it('leaves alone what the spec does not describe: a status it does not document, a HEAD, a link off the base path', () => {
    const o = observer();
    o.see(answer('GET', `/meeting/${ID}`, 502, undefined, 'text/html'));
    o.see(answer('HEAD', `/meeting/${ID}`, 404, undefined));
    o.see(answer('GET', 'http://server/files/transcripts/x?signature=y', 403, undefined, 'text/plain'));
    expect(o.errorsAt('GET /meeting/{meeting_id}')).toMatchObject({ answers: 1, errors: 0, failures: [] });
    expect(o.errorsAt('HEAD (unstated route)').answers).toBe(0);
    expect(o.errorsAt('GET (unstated route)').answers).toBe(0);
    expect(o.failures()).toEqual([]);
  });

  it('keeps a bounded number of ways per operation, whatever the server answers', () => {
    const o = observer();
    for (let i = 0; i < 50; i++)
      o.see(answer('PATCH', `/task/${ID}`, 422, { ...errorBody(422, 'x'), code: `own_code_${i}` }));
    const task = o.errorsAt('PATCH /task/{task_id}');
    expect(task.errors).toBe(50);
    expect(task.failures).toHaveLength(20);
    expect(task.failures.every((f) => f.violation.rule === 'error.code-listed')).toBe(true);
  });
});

describe('what the error answers showed that no check reported', () => {
  const redactor = { value: <T>(v: T) => v } as unknown as Redactor;
  const runOf = (result: CheckResult): CheckRun =>
    ({ result, traffic: [], unanswered: 0, held: [], exchanges: [], spans: [], findings: [] }) as CheckRun;

  it('is one cause under its rule, listing every operation where an error answer showed it', () => {
    const o = observer();
    const limiter = { code: 'payload_too_large', message: 'too large' };
    for (const [method, path] of [
      ['POST', '/contact'],
      ['PATCH', `/contact/${ID}`],
      ['PATCH', `/task/${ID}`],
    ] as const)
      o.see(answer(method, path, 413, limiter));
    const found = observerFindings([], CATALOGUE, o, redactor);
    expect(found.map((r) => [r.id, r.endpoint])).toEqual([
      ['error.body', 'POST /contact'],
      ['error.body', 'PATCH /contact/{contact_id}'],
      ['error.body', 'PATCH /task/{task_id}'],
    ]);
    const causes = rootCauses(found);
    expect(causes).toHaveLength(1);
    expect(causes[0]).toMatchObject({
      rule: 'error.body',
      operations: ['POST /contact', 'PATCH /contact/{contact_id}', 'PATCH /task/{task_id}'],
    });
    // a check that failed the rule in the same way already reported it: nothing added
    const { finding: _observer, ...failed } = found[0]!;
    expect(observerFindings([runOf(failed)], CATALOGUE, o, redactor)).toEqual([]);
  });

  it('names the check whose request got the answer, and its rerun runs that check, which asks again', () => {
    const o = observer();
    const oversize = { rule: 'error.code.payload-too-large', title: 'a body past the limit' } as const;
    const ex = answer('POST', '/contact', 413, { code: 'payload_too_large', message: 'too large' });
    o.sentBy(ex, oversize);
    o.see(ex);
    o.see(answer('PATCH', `/task/${ID}`, 413, { code: 'payload_too_large', message: 'too large' }));
    expect(o.errorsAt('POST /contact').failures.map((f) => f.violation.shownBy)).toEqual([[oversize]]);
    const [contact, task] = observerFindings([], CATALOGUE, o, redactor, { seed: 7 });
    expect(contact!.rerun).toBe(
      `npx conformance --only ${checkKey(oversize.rule, oversize.title)} --seed 7 ` +
        `--report-dir conformance-report/rerun-${checkKey(oversize.rule, oversize.title).replace('@', '_')}`,
    );
    // an answer no one is known to have asked for has nothing to run again
    expect(task!.rerun).toBeUndefined();
  });

  it('names every check whose answers showed a way, each once, in the order met, at most SHOWN_BY_MAX', () => {
    const o = observer();
    const checks = Array.from({ length: SHOWN_BY_MAX + 2 }, (_, i) => ({
      rule: 'auth.missing-401' as const,
      title: `c${i}`,
    }));
    const body = { code: 'payload_too_large', message: 'too large' };
    for (const by of [checks[0]!, checks[1]!, checks[0]!, ...checks.slice(2)]) {
      const ex = answer('POST', '/contact', 413, body);
      o.sentBy(ex, by);
      o.see(ex);
    }
    const [failure] = o.errorsAt('POST /contact').failures;
    expect(failure!.count).toBe(SHOWN_BY_MAX + 3);
    expect(failure!.violation.shownBy).toEqual(checks.slice(0, SHOWN_BY_MAX));
    // a copy handed out before is not changed by what the observer meets after
    const before = o.errorsAt('POST /contact').failures[0]!.violation.shownBy;
    const ex = answer('POST', '/contact', 413, body);
    o.sentBy(ex, FIXTURES_CHECK);
    o.see(ex);
    expect(before).toHaveLength(SHOWN_BY_MAX);
    // the rerun runs every check named beside the first, bounded as the list is
    const [found] = observerFindings([], CATALOGUE, o, redactor, { seed: 7 });
    const keys = /--only (\S+)/.exec(found!.rerun ?? '')?.[1]?.split(',');
    expect(keys).toEqual(checks.slice(0, SHOWN_BY_MAX).map((c) => checkKey(c.rule, c.title)));
  });

  it('a judging check reruns beside the checks that showed its violation, none where a part every run makes did', () => {
    const a = { rule: 'auth.missing-401' as const, title: 'a' };
    const b = { rule: 'auth.missing-401' as const, title: 'b' };
    const v = { rule: 'error.body' as const, expected: 'e', actual: 'x' };
    expect(shownBy([{ ...v, shownBy: [a, b] }])).toEqual([a, b]);
    expect(shownBy([{ ...v, shownBy: [FIXTURES_CHECK, a] }])).toEqual([]);
    expect(shownBy([{ ...v, shownBy: [a, PROBE] }])).toEqual([]);
    expect(shownBy([{ ...v }] as Array<Pick<Violation, 'shownBy'>>)).toEqual([]);
  });

  it("shown by the fixtures check's answer alone: the message says so, and the rerun runs the rule's checks", () => {
    const o = observer();
    const ex = answer('PATCH', `/task/${ID}`, 422, { code: 'field_value_invalid', message: 'no', status_code: 422 });
    o.sentBy(ex, FIXTURES_CHECK);
    o.see(ex);
    const [found] = observerFindings([], CATALOGUE, o, redactor, { seed: 7 });
    expect(found!.violations![0]!.shownBy).toEqual([FIXTURES_CHECK]);
    expect(found!.message).toMatch(/ \(shown by the fixtures check's answer\)$/);
    // every run makes the fixtures check before its checks: the rule's checks see its answer again
    expect(found!.rerun).toBe(
      'npx conformance --only error.body --seed 7 --report-dir conformance-report/rerun-error.body',
    );
  });
});

describe('the checks of the error answers, a function of the operation table', () => {
  it('judge every operation of the table, then the routes it does not state, under each method', () => {
    const targets = errorAnswerTargets(OPERATIONS);
    expect(targets.map((t) => t.endpoint)).toEqual([...Object.keys(OPERATIONS), UNSTATED_ROUTES]);
    expect(targets.at(-1)!.operations).toEqual(
      ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => `${m} (unstated route)`),
    );
    expect(targets.find((t) => t.endpoint === 'GET /note/{note_id}')!.operations).toEqual(['GET /note/{note_id}']);
  });
});
