import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './support/in-process.js';
import { applyBaseline, checkBaseline, gateLines, gateStatus } from '../lib/baseline/baseline.js';
import { RETIRED_RULES } from '../suites/spec/rules/retired.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';

const RULE = 'contact.create.status-201';
// one check, broken by the fault: a deviation in about as little time as a run can take
const BROKEN = ['--only', RULE, '--fault', 'contact-create-200'];
const FINE = ['--only', RULE];

function baselineIn(dir: string, deviations: unknown[]): string {
  const file = path.join(dir, 'baseline.json');
  writeFileSync(file, JSON.stringify({ deviations }));
  return file;
}

const tmp = () => mkdtempSync(path.join(tmpdir(), 'conformance-baseline-'));

/**
 * `npx conformance <args>` run in this process (test/support/in-process.ts), in a folder of its own: the same
 * command line, exit status, stdout and stderr as a child process's, without a process start and a bundle load
 * per run (13 runs: two thirds of this file's CPU).
 */
const conformance = (args: string[], o: { env?: Record<string, string> } = {}) =>
  runInProcess(args, mkdtempSync(path.join(tmpdir(), 'conformance-baseline-cwd-')), o);
const reportOf = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'report', 'conformance.json'), 'utf8')) as {
    checks: Array<{ id: string; status: string; baselined?: boolean }>;
    baseline?: { known: string[]; stale: Array<{ rule: string }>; expired: Array<{ rule: string; expires: string }> };
  };

describe('--baseline: known deviations pass the gate, new ones and rotted entries fail it', () => {
  it('a known deviation → exit 0, marked baselined in conformance.json', async () => {
    const dir = tmp();
    const file = baselineIn(dir, [
      { rule: RULE, reason: 'answers 200, fix planned', ticket: 'API-12', expires: '2999-12-31' },
    ]);
    const r = await conformance([...BROKEN, '--baseline', file, '--report-dir', path.join(dir, 'report')]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/1 known deviation excused/);
    expect(r.stdout).toMatch(/gate: passes/);
    const report = reportOf(dir);
    expect(report.checks).toEqual([expect.objectContaining({ id: RULE, status: 'failed', baselined: true })]);
    expect(report.baseline).toMatchObject({ known: [RULE], stale: [], expired: [] });
  });

  it('a new deviation → exit 1 (an entry for a rule the run did not check is not stale)', async () => {
    const dir = tmp();
    const file = baselineIn(dir, [{ rule: 'contact.create.stage-required', reason: 'known' }]);
    const r = await conformance([...BROKEN, '--baseline', file, '--report-dir', path.join(dir, 'report')]);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`new MUST-level deviations: ${RULE.replace(/\./g, '\\.')}`));
    expect(r.stdout).not.toMatch(/stale/);
    expect(reportOf(dir).checks[0]?.baselined).toBeUndefined();
  });

  it('a stale entry (its checks now pass) → exit 1 with the remove-or-renew line', async () => {
    const dir = tmp();
    const file = baselineIn(dir, [{ rule: RULE, reason: 'answers 200' }]);
    const r = await conformance([...FINE, '--baseline', file, '--report-dir', path.join(dir, 'report')]);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(
      /baseline entry contact\.create\.status-201 is stale: its checks now pass\. Remove it from \S*baseline\.json \(or renew it/,
    );
    expect(reportOf(dir).baseline?.stale).toEqual([{ rule: RULE, reason: 'answers 200' }]);
  });

  it('an entry naming a retired rule → loads (no exit 2) but is stale, exit 1 with the retired-rule line', async () => {
    const dir = tmp();
    const file = baselineIn(dir, [{ rule: 'media.not-acceptable-406', reason: 'answers JSON to text/html' }]);
    const r = await conformance([...FINE, '--baseline', file, '--report-dir', path.join(dir, 'report')]);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(
      /baseline entry media\.not-acceptable-406 names a retired rule \(RFC 9110 §12\.5\.1[^\n]*\)\. Remove it from \S*baseline\.json\./,
    );
    expect(reportOf(dir).baseline?.stale).toEqual([
      expect.objectContaining({ rule: 'media.not-acceptable-406', retired: RETIRED_RULES['media.not-acceptable-406'] }),
    ]);
  });

  it('an expired entry → exit 1, even though the deviation is still there', async () => {
    const dir = tmp();
    const file = baselineIn(dir, [{ rule: RULE, reason: 'answers 200', ticket: 'API-12', expires: '2020-01-31' }]);
    const r = await conformance([...BROKEN, '--baseline', file, '--report-dir', path.join(dir, 'report')]);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(
      /baseline entry contact\.create\.status-201 expired on 2020-01-31 \(API-12\)\. Remove it from \S*baseline\.json or renew it/,
    );
    expect(reportOf(dir).baseline?.expired).toEqual([expect.objectContaining({ rule: RULE, expires: '2020-01-31' })]);
  });

  it('an invalid baseline → exit 2 naming every problem, before any request', async () => {
    const dir = tmp();
    const file = baselineIn(dir, [
      { rule: 'contact.create.status-201' },
      { rule: 'no.such.rule', reason: 'x' },
      { rule: RULE, reason: 'twice', expires: '31/12/2030' },
      { rule: 'contact.create.stage-required', reason: 'x', owner: 'me' },
    ]);
    const r = await conformance([
      ...FINE,
      '--baseline',
      file,
      '--base-url',
      'http://127.0.0.1:9/api/v2/public',
      '--api-key',
      'pra_unused_key_0123456789',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/invalid baseline file .*baseline\.json: /);
    expect(r.stderr).toMatch(/\/deviations\/0 must have required property 'reason'/);
    expect(r.stderr).toMatch(/\/deviations\/2\/expires must be a date YYYY-MM-DD/);
    expect(r.stderr).toMatch(/\/deviations\/3 has an unknown key "owner"/);
    expect(r.stderr).not.toMatch(/cannot reach/);
    // a well-formed file with an unknown rule and a rule listed twice
    const second = baselineIn(dir, [
      { rule: 'no.such.rule', reason: 'x' },
      { rule: RULE, reason: 'a' },
      { rule: RULE, reason: 'b' },
    ]);
    const r2 = await conformance([...FINE, '--baseline', second]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(
      /"no\.such\.rule" is not a rule id of the catalogue.*\/deviations\/2\/rule "contact\.create\.status-201" is listed twice/,
    );
    const missing = await conformance([...FINE, '--baseline', path.join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read the baseline file .*nope\.json: ENOENT/);
  });

  it('--write-baseline records the deviations without changing the exit status; the next run with it passes', async () => {
    const dir = tmp();
    const file = path.join(dir, 'written.json');
    const first = await conformance([...BROKEN, '--write-baseline', file, '--report-dir', path.join(dir, 'report')]);
    expect(first.code, first.stdout + first.stderr).toBe(1);
    expect(first.stdout).toMatch(/baseline written: .*written\.json \(1 deviation\)/);
    const written = JSON.parse(readFileSync(file, 'utf8')) as { deviations: Array<Record<string, string>> };
    expect(written.deviations).toEqual([
      { rule: RULE, reason: '[contact.create.status-201] expected HTTP 201; got HTTP 200' },
    ]);
    const second = await conformance([...BROKEN, '--baseline', file, '--report-dir', path.join(dir, 'report2')], {
      env: { CONFORMANCE_WRITE_BASELINE: '' },
    });
    expect(second.code, second.stdout + second.stderr).toBe(0);
    // the same through the environment variable
    const third = await conformance(BROKEN, {
      env: { CONFORMANCE_BASELINE: file, CONFORMANCE_REPORT_DIR: path.join(dir, 'report3') },
    });
    expect(third.code, third.stdout + third.stderr).toBe(0);
  });
});

describe('a baseline written from a run makes that run pass', () => {
  it('a check blocked because the answer it needed is judged by a baselined rule counts as known', async () => {
    // page_size=0 taken: pagination.page-size-minimum fails, and the error-code check of that request,
    // which has no error to look at, is blocked naming that rule
    const args = [
      '--only',
      'pagination.page-size-minimum,error.code.limit-out-of-range',
      '--fault',
      'page-size-zero-accepted',
    ];
    const dir = tmp();
    const file = path.join(dir, 'written.json');
    const first = await conformance([...args, '--write-baseline', file, '--report-dir', path.join(dir, 'report')]);
    expect(first.code, first.stdout + first.stderr).toBe(1);
    const blocked = reportOf(dir).checks.filter((c) => c.status === 'blocked');
    expect(blocked.map((c) => c.id)).toEqual(['error.code.limit-out-of-range']);
    const second = await conformance([...args, '--baseline', file, '--report-dir', path.join(dir, 'report')]);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(reportOf(dir).checks.find((c) => c.id === 'error.code.limit-out-of-range')?.baselined).toBe(true);
  });
});

describe('a baseline entry naming a retired rule', () => {
  const applied = () =>
    applyBaseline(
      [],
      checkBaseline(
        { deviations: [{ rule: 'media.not-acceptable-406', reason: 'answers JSON to text/html' }] },
        'baseline.json',
        CATALOGUE,
      ),
      'baseline.json',
      CATALOGUE,
      { today: '2026-11-22' },
    );

  it('is no unknown id (the file loads) but stale, with a line saying why and to remove it', () => {
    const { outcome } = applied();
    expect(outcome.stale).toEqual([
      {
        rule: 'media.not-acceptable-406',
        reason: 'answers JSON to text/html',
        retired: RETIRED_RULES['media.not-acceptable-406'],
      },
    ]);
    expect(gateStatus([], outcome)).toBe(1);
    expect(gateLines([], outcome).join('\n')).toMatch(
      /baseline entry media\.not-acceptable-406 names a retired rule \(RFC 9110 §12\.5\.1.*\)\. Remove it from baseline\.json\./,
    );
  });

  it('an id that never was a rule is still refused', () => {
    expect(() =>
      checkBaseline({ deviations: [{ rule: 'media.no-such-rule', reason: 'x' }] }, 'b.json', CATALOGUE),
    ).toThrow(/not a rule id of the catalogue/);
  });
});
