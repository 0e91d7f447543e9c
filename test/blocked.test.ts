import { describe, expect, it } from 'vitest';
import { certificateOf, verdictOf } from '../lib/report/certificate.js';
import type { CheckResult } from '../lib/check/result.js';
import { conformanceReport } from '../lib/report/conformance-json.js';
import { blockers, groupCounts, groupMark, unblockLine } from '../lib/report/groups.js';
import { junitXml } from '../lib/report/junit.js';
import { summaryMarkdown } from '../lib/report/summary-md.js';
import { printOutcome, printVerdict } from '../lib/report/console.js';
import { gateStatus } from '../lib/baseline/baseline.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';

// One cause, one finding: a check whose set-up step failed is `blocked`, grouped under that step.

const UPSERT = {
  step: 'POST /{custom_object_api_name}/_upsert',
  answer: 'HTTP 500 (write_not_supported)',
  fixture: 'customObject',
};
const check = (id: string, status: CheckResult['status'], o: Partial<CheckResult> = {}): CheckResult => ({
  id,
  level: 'MUST',
  status,
  title: `title of ${id}`,
  endpoint: 'POST /contact',
  message: status === 'blocked' ? `blocked: ${UPSERT.step} answered ${UPSERT.answer}` : '',
  group: 'custom-objects',
  section: 'Endpoints › Custom objects',
  quote: 'the spec says so',
  ...(status === 'blocked' ? { blockedBy: UPSERT, evidence: [] } : {}),
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

describe('the verdict with blocked checks', () => {
  it('conforms · incomplete (a MUST check blocked or skipped, none failed) · does not conform (a MUST check failed, whatever else)', () => {
    expect(verdictOf([check('a', 'passed'), check('b', 'passed')], CATALOGUE)).toBe('conforms');
    // never "conforms" for what was not tested: a MUST check skipped leaves its rule untested too
    expect(verdictOf([check('a', 'passed'), check('b', 'skipped')], CATALOGUE)).toBe('incomplete');
    expect(verdictOf([check('a', 'passed'), check('b', 'skipped', { level: 'SHOULD' })], CATALOGUE)).toBe('conforms');
    expect(verdictOf([check('a', 'passed'), check('b', 'blocked')], CATALOGUE)).toBe('incomplete');
    expect(verdictOf([check('a', 'failed'), check('b', 'blocked')], CATALOGUE)).toBe('does not conform');
    expect(verdictOf([check('a', 'passed'), check('b', 'blocked', { level: 'SHOULD' })], CATALOGUE)).toBe('conforms');
  });

  it('a blocked check is not a failure: not in failed or mustFailed, and not passed in the MUST score', () => {
    const r = conformanceReport(
      [check('a', 'passed'), check('b', 'blocked'), check('c', 'blocked')],
      RUN,
      observed,
      CATALOGUE,
    );
    expect(r.summary).toMatchObject({ passed: 1, failed: 0, blocked: 2, mustFailed: 0, mustBlocked: 2, total: 3 });
    expect(r.certificate.must).toEqual({ passed: 1, failed: 0, blocked: 2, skipped: 0, total: 3 });
    expect(r.certificate.verdict).toBe('incomplete');
  });

  it('the gate fails an incomplete run: a gate must not pass what it could not test', () => {
    expect(gateStatus([check('a', 'passed'), check('b', 'blocked')])).toBe(1);
    expect(gateStatus([check('a', 'passed'), check('b', 'blocked', { level: 'SHOULD' })])).toBe(0);
    expect(gateStatus([check('a', 'passed')])).toBe(0);
  });

  it('the gate fails a run with a MUST check skipped, unless --allow-incomplete; a SHOULD skip never', () => {
    const skipped = [check('a', 'passed'), check('b', 'skipped')];
    expect(gateStatus(skipped)).toBe(1);
    expect(gateStatus(skipped, undefined, false, true)).toBe(0);
    expect(gateStatus([check('a', 'passed'), check('b', 'skipped', { level: 'SHOULD' })])).toBe(0);
    // --allow-incomplete is about skips: a blocked check still fails the gate
    expect(gateStatus([check('a', 'passed'), check('b', 'blocked')], undefined, false, true)).toBe(1);
  });
});

describe('blocked checks grouped under the step that blocked them', () => {
  const other = { step: 'POST /contact', answer: 'HTTP 422 (field_value_invalid)', fixture: 'contact.stage' };
  const checks = [
    check('x.one', 'blocked'),
    check('x.two', 'blocked'),
    check('x.three', 'blocked', { blockedBy: other }),
    check('x.four', 'failed'),
    check('x.five', 'passed'),
  ];

  it('one entry per step, the largest first, each with its checks', () => {
    const b = blockers(checks);
    expect(b.map((s) => [s.step, s.checks.length])).toEqual([
      [UPSERT.step, 2],
      ['POST /contact', 1],
    ]);
    expect(b[0]).toMatchObject({ answer: UPSERT.answer, fixture: 'customObject' });
    expect(unblockLine(b[0]!)).toBe(
      "2 checks blocked by POST /{custom_object_api_name}/_upsert, which answered HTTP 500 (write_not_supported) (fixtures `customObject`): fix that step's answer, or correct `customObject`, to run them",
    );
  });

  it('a group that did not pass is never shown with a pass mark', () => {
    expect(groupMark({ passed: 3, failed: 0, blocked: 0 })).toBe('✓');
    expect(groupMark({ passed: 3, failed: 0, blocked: 1 })).toBe('!');
    expect(groupMark({ passed: 0, failed: 0, blocked: 0 })).toBe('–');
    expect(groupMark({ passed: 3, failed: 1, blocked: 1 })).toBe('✗');
    expect(groupCounts(checks)[0]).toMatchObject({ passed: 1, failed: 1, blocked: 3, skipped: 0 });
  });

  it('junit.xml: a blocked check is an <error> (could not be evaluated), not a <failure>', () => {
    const xml = junitXml(conformanceReport(checks, RUN, observed, CATALOGUE));
    // one failure of a check, and the verdict's own testcase (does not conform)
    expect(xml).toMatch(/<testsuites [^>]*failures="2" skipped="0" errors="3"/);
    expect(xml.match(/<error message="blocked: [^"]*" type="blocked">/g)).toHaveLength(3);
    expect(xml.match(/<failure /g)).toHaveLength(2);
    expect(xml).toContain('<failure message="does not conform: 1 MUST-level deviation(s)" type="verdict"/>');
  });

  it('summary.md and the console say in one line what to fix, and show the verdict', () => {
    const incomplete = [check('x.one', 'blocked'), check('x.two', 'blocked'), check('x.five', 'passed')];
    const md = summaryMarkdown(conformanceReport(incomplete, RUN, observed, CATALOGUE));
    expect(md).toMatch(/conformance: ⚠️ incomplete/);
    expect(md).toContain('**To unblock:** 2 checks blocked by POST /{custom_object_api_name}/_upsert');
    expect(md).toMatch(/### Blocked \(2 checks by 1 set-up step\)/);
    const lines: string[] = [];
    printOutcome(incomplete, CATALOGUE, (l) => lines.push(l));
    printVerdict(incomplete, (l) => lines.push(l), { catalogue: CATALOGUE });
    expect(lines).toContain(
      "  ! 2 checks blocked by POST /{custom_object_api_name}/_upsert, which answered HTTP 500 (write_not_supported) (fixtures `customObject`): fix that step's answer, or correct `customObject`, to run them",
    );
    expect(lines).toContain('1 passed, 0 failed, 0 skipped, 2 blocked');
    expect(lines.find((l) => l.startsWith('verdict: '))).toMatch(
      /^verdict: incomplete \(no MUST-level deviation in the 1 MUST check that ran; not tested: 2 blocked\)$/,
    );
    expect(lines.at(-1)).toBe('  - the blocked checks above: fix the step that blocked them');
  });

  it('the certificate counts blocked checks apart', () => {
    const c = certificateOf(checks, CATALOGUE, { suiteVersion: '0.1.0', target: 't', date: 'd' });
    expect(c.must).toEqual({ passed: 1, failed: 1, blocked: 3, skipped: 0, total: 5 });
    expect(c.verdict).toBe('does not conform');
  });
});
