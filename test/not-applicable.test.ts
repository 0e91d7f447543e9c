import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../lib/check/result.js';
import { conformanceReport } from '../lib/report/conformance-json.js';
import { junitXml } from '../lib/report/junit.js';
import { reportHtml } from '../lib/report/html.js';
import { summaryMarkdown } from '../lib/report/summary-md.js';
import { printVerdict } from '../lib/report/console.js';
import { toComplete, toCompleteLines } from '../lib/report/to-complete.js';
import { certificateBody, ruleOutcomes, sealCertificate } from '../lib/certificate/certificate-file.js';
import { verifyCertificate } from '../lib/certificate/verify.js';
import { verdictOf } from '../lib/certificate/verdict.js';
import { AnswerObserver } from '../lib/check/answer-observer.js';
import type { Exchange } from '../lib/http/exchange.js';
import { observerFindings, OBSERVER } from '../lib/runner/observer-findings.js';
import type { CheckRun } from '../lib/runner/check-run.js';
import type { Redactor } from '../lib/redact/redact.js';
import { STATED_OPERATIONS } from '../suites/spec/api-operations.js';
import { JUDGES } from '../suites/spec/judges.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';

// Three ways a rule goes unjudged, never mixed: skipped (an input a person can supply, named),
// blocked (a step failed) and not applicable (the server's legal choices leave the rule nothing to
// judge, with the answers that prove it). Not applicable never makes a run incomplete, and every
// output says it in the same words.

const check = (id: string, status: CheckResult['status'], o: Partial<CheckResult> = {}): CheckResult => ({
  id,
  level: 'MUST',
  status,
  title: `title of ${id}`,
  endpoint: 'POST /contact',
  message: '',
  group: 'value-types',
  section: 'Resources and their fields',
  quote: 'the spec says so',
  ...o,
});

const RUN = {
  runId: 'cr-x',
  target: 'http://server/api/v2/public',
  embedded: false,
  seed: 1,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1000,
  suiteVersion: '0.1.0',
};
const observed = { successStatuses: [], errorCodes: [] };
const WHY =
  'POST /account refused domains (HTTP 422 "field_not_writable"), and no answer the run read holds a account_domain value: none to judge';
const checks = [
  check('value.shape', 'passed', { title: 'contact_email: judged' }),
  check('value.shape', 'not applicable', { title: 'account_domain: POST /account with domains', message: WHY }),
];

describe('a MUST check not applicable', () => {
  it('leaves the run complete: conforms, with the check counted apart', () => {
    expect(verdictOf(checks, CATALOGUE)).toBe('conforms');
    const report = conformanceReport(checks, RUN, observed, CATALOGUE);
    expect(report.certificate.verdict).toBe('conforms');
    expect(report.summary).toMatchObject({ passed: 1, skipped: 0, blocked: 0, notApplicable: 1 });
    expect(report.certificate.completeness).toMatchObject({ mustSkipped: 0, mustNotApplicable: 1 });
    expect(report.certificate.notApplicable).toEqual([{ id: 'value.shape', reason: WHY }]);
    // a skip makes it incomplete: the judge can tell them apart
    expect(
      verdictOf([...checks, check('a.rule', 'skipped', { message: 'fixtures: `noteId` is not set' })], CATALOGUE),
    ).toBe('incomplete');
  });

  it('is said in every output, with the answers that prove it, and never under "To complete this run"', () => {
    const report = conformanceReport(checks, RUN, observed, CATALOGUE);
    const md = summaryMarkdown(report);
    expect(md).toContain("### Not applicable (the server's legal choices leave these rules nothing to judge) (1)");
    expect(md).toContain('field_not_writable');
    expect(md).toContain('1 not applicable');
    const html = reportHtml(report);
    expect(html).toContain('<section id="not-applicable">');
    expect(html).toContain('<span class="st not-applicable">not applicable</span>');
    expect(junitXml(report)).toContain('<skipped message="not applicable: POST /account refused domains');
    expect(junitXml(report)).toContain('type="not applicable"/>');
    const lines: string[] = [];
    printVerdict(checks, (l) => lines.push(l), { catalogue: CATALOGUE });
    expect(lines).toContain('1 passed, 0 failed, 0 skipped, 1 not applicable');
    expect(lines.some((l) => l.startsWith('  - value.shape (MUST): POST /account refused domains'))).toBe(true);
    expect(toComplete(checks)).toEqual([]);
  });

  it('the certificate gives the rule the outcome `not applicable`, which verify-certificate does not count untested', () => {
    const rules = ruleOutcomes(checks.slice(1), CATALOGUE);
    expect(rules['value.shape']).toMatchObject({ level: 'MUST', outcome: 'not applicable' });
    const body = certificateBody(checks.slice(1), CATALOGUE, {
      suiteVersion: '0.1.0',
      specVersion: 'v2',
      target: 't',
      date: 'd',
      strict: false,
      reportVerdict: 'conforms',
    });
    const v = verifyCertificate(sealCertificate(body), { suiteVersion: '0.1.0', catalogue: CATALOGUE });
    expect(v.problems.join(' ')).not.toContain('value.shape');
    expect(body.notApplicable).toEqual([
      { check: 'value.shape: account_domain: POST /account with domains', reason: WHY },
    ]);
  });

  it('a skip that names no key says so, never that "no key lets these run"', () => {
    const lines = toCompleteLines(toComplete([check('a.rule', 'skipped', { message: 'something else' })]));
    expect(lines[0]).toMatch(/skipped without naming a key or flag/);
    expect(lines.join('\n')).not.toMatch(/no key lets these run/);
  });
});

/** An answered exchange whose JSON body is `body`. */
function answer(path: string, body: unknown, status = 200): Exchange {
  const text = JSON.stringify(body);
  return {
    request: { method: 'GET', url: `http://server/api/v2/public${path}`, headers: {} },
    response: { status, headers: {}, text, json: body },
    ms: 1,
    rateLimitRetries: 0,
  } as unknown as Exchange;
}

const contact = (emails: unknown[]) => ({
  data: {
    id: '8a0f7d0e-3b1a-4c55-9a3e-2f1d7e6b5c40',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    record_type: 'contact',
    attributes: { contact_emails: emails, first_name: { value: 'Ann', value_type: 'string' } },
  },
});
const item = (isPrimary: unknown) => ({
  value_type: 'contact_email',
  value: { id: '1b9e2f0c-7a7d-4c1e-8f6a-0d3c5b2a1e90', email: 'a@b.example', is_primary: isPrimary, labels: [] },
});

describe("the run's observer of answers", () => {
  it('counts every value of a type it sees, whoever read it, and each way one is wrong once, with the first exchange', () => {
    const o = new AnswerObserver({
      baseUrl: 'http://server/api/v2/public',
      operations: STATED_OPERATIONS,
      judges: JUDGES,
    });
    const first = answer('/contact/8a0f7d0e-3b1a-4c55-9a3e-2f1d7e6b5c40', contact([item(true), item('yes')]));
    const again = answer('/contact/8a0f7d0e-3b1a-4c55-9a3e-2f1d7e6b5c40', contact([item('no')]));
    o.see(first);
    o.see(first); // the same answer twice is judged once
    o.see(again);
    o.see(answer('/contact', { code: 'x' }, 422)); // an error body shows no value
    const seen = o.seen('contact_email');
    expect(seen).toMatchObject({ values: 3, answers: 2, operations: ['GET /contact/{contact_id}'] });
    expect(seen.failures).toHaveLength(1);
    expect(seen.failures[0]).toMatchObject({
      attribute: 'contact_emails',
      way: 'contact_email: value.is_primary is a string, not a boolean',
    });
    expect(seen.failures[0]!.violation.rule).toBe('value.shape');
    expect(seen.failures[0]!.exchange.response?.text).toBe(first.response?.text);
    expect(o.seen('string')).toMatchObject({ values: 2, failures: [] });
    expect(o.seen('account_domain')).toMatchObject({ values: 0, answers: 0 });
  });

  it('judges the record against the envelope too', () => {
    const o = new AnswerObserver({
      baseUrl: 'http://server/api/v2/public',
      operations: STATED_OPERATIONS,
      judges: JUDGES,
    });
    const bad = contact([]);
    delete (bad.data as Partial<typeof bad.data>).created_at;
    o.see(answer('/contact/8a0f7d0e-3b1a-4c55-9a3e-2f1d7e6b5c40', bad));
    const env = o.seen('record envelope');
    expect(env.values).toBe(1);
    expect(env.failures.map((f) => f.violation.rule)).toEqual(['record.envelope']);
  });
  it("judges the typed values of a relationship item's through.attributes, on a POST's item and a page's items", () => {
    const o = new AnswerObserver({
      baseUrl: 'http://server/api/v2/public',
      operations: STATED_OPERATIONS,
      judges: JUDGES,
    });
    const id = '8a0f7d0e-3b1a-4c55-9a3e-2f1d7e6b5c40';
    const edge = (isPrimary: unknown) => ({
      related_record_id: id,
      related_record_type: 'account',
      through: {
        id,
        record_type: 'contact_account',
        attributes: {
          role: { value: 'buyer', value_type: 'string' },
          is_primary: { value: isPrimary, value_type: 'boolean' },
        },
      },
    });
    const parent = { id, record_type: 'contact' };
    o.see(answer(`/contact/${id}/relationship/accounts`, { parent, api_name: 'accounts', item: edge('true') }, 201));
    o.see(
      answer(`/contact/${id}/relationship/accounts`, {
        count: 2,
        next_cursor: null,
        parent,
        api_name: 'accounts',
        items: [edge(false), edge(null)],
      }),
    );
    expect(o.seen('string')).toMatchObject({ values: 3, answers: 2 });
    const seen = o.seen('boolean');
    expect(seen.values).toBe(2); // a null value shows none
    expect(seen.failures).toHaveLength(1);
    expect(seen.failures[0]).toMatchObject({ attribute: 'through.attributes.is_primary' });
    expect(seen.failures[0]!.violation).toMatchObject({
      rule: 'value.shape',
      at: '/item/through/attributes/is_primary/value',
    });
    expect(o.seen('record envelope').values).toBe(0);
  });
});

describe('what the observer saw that no check reported', () => {
  const redactor = { value: <T>(v: T) => v } as unknown as Redactor;
  const runOf = (result: CheckResult): CheckRun =>
    ({ result, traffic: [], unanswered: 0, held: [], exchanges: [], spans: [], findings: [] }) as CheckRun;
  const observer = () => {
    const o = new AnswerObserver({
      baseUrl: 'http://server/api/v2/public',
      operations: STATED_OPERATIONS,
      judges: JUDGES,
    });
    o.see(answer('/account/8a0f7d0e-3b1a-4c55-9a3e-2f1d7e6b5c40', contact([item('yes')])));
    return o;
  };

  it('is a failed result under the rule it breaks, with the exchange that showed it', () => {
    const found = observerFindings([runOf(check('value.shape', 'passed'))], CATALOGUE, observer(), redactor);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      id: 'value.shape',
      status: 'failed',
      finding: { exchanges: 1, checks: [OBSERVER] },
    });
    expect(found[0]!.actual).toContain('value.is_primary is "yes", a string, not a boolean');
    expect(found[0]!.evidence).toHaveLength(1);
  });

  it('adds nothing where a check already found the rule broken (one cause, one row)', () => {
    const failed = check('value.shape', 'failed', {
      violations: [{ rule: 'value.shape', expected: 'e', actual: 'a' }],
    });
    expect(observerFindings([runOf(failed)], CATALOGUE, observer(), redactor)).toEqual([]);
    expect(observerFindings([runOf(check('value.shape', 'passed'))], CATALOGUE, undefined, redactor)).toEqual([]);
  });
});
