import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffReports, hasRegression } from '../lib/diff/report-diff.js';
import { diffMarkdown } from '../lib/diff/diff-markdown.js';
import type { CheckResult, CheckStatus } from '../lib/check/result.js';
import { conformanceReport, type ConformanceReport } from '../lib/report/conformance-json.js';
import type { ObservedContract } from '../lib/report/observed.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';
import { runCliInProcess } from './support/in-process.js';

/** A check as a report holds it: only what the diff reads is varied. */
function check(id: string, status: CheckStatus, o: Partial<CheckResult> = {}): CheckResult {
  return {
    id,
    level: 'MUST',
    status,
    title: `${id} title`,
    endpoint: 'POST /contact',
    group: 'contacts',
    section: 'S',
    quote: 'Q',
    message: status === 'skipped' ? 'fixtures: add contact.stage' : '',
    ...(status === 'failed' ? { expected: 'HTTP 201', actual: 'HTTP 200', evidence: [] } : {}),
    ...(status === 'blocked' ? { blockedBy: { step: 'POST /account', answer: 'HTTP 500' }, evidence: [] } : {}),
    ...o,
  };
}

const NO_CONTRACT: ObservedContract = { successStatuses: [], errorCodes: [] };

function report(
  checks: CheckResult[],
  o: { suiteVersion?: string; observed?: ObservedContract } = {},
): ConformanceReport {
  return conformanceReport(
    checks,
    {
      runId: 'cr-x',
      target: 'https://staging.example.com/api/v2/public',
      embedded: false,
      seed: 1,
      startedAt: '2026-11-22T10:00:00.000Z',
      durationMs: 1000,
      suiteVersion: o.suiteVersion ?? '0.1.0',
    },
    o.observed ?? NO_CONTRACT,
    CATALOGUE,
  );
}

describe('diffReports', () => {
  it('sorts every change: regressions, fixes, new, gone, skipped differently, other changes', () => {
    const before = report([
      check('a.fails-now', 'passed'),
      check('b.blocked-now', 'passed'),
      check('c.fixed', 'failed'),
      check('d.gone', 'passed'),
      check('e.now-skipped', 'passed'),
      check('f.reason', 'skipped'),
      check('g.failed-to-blocked', 'failed'),
      check('h.same', 'passed'),
      check('i.still-failing', 'failed'),
    ]);
    const after = report([
      check('a.fails-now', 'failed'),
      check('b.blocked-now', 'blocked'),
      check('c.fixed', 'passed'),
      check('e.now-skipped', 'skipped'),
      check('f.reason', 'skipped', { message: 'fixtures: add customObject' }),
      check('g.failed-to-blocked', 'blocked'),
      check('h.same', 'passed'),
      check('i.still-failing', 'failed'),
      check('j.new', 'passed'),
    ]);
    const d = diffReports(before, after);
    const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);
    expect(ids(d.regressions)).toEqual(['a.fails-now', 'b.blocked-now']);
    expect(d.regressions[0]).toMatchObject({
      before: 'passed',
      after: 'failed',
      detail: 'expected HTTP 201; got HTTP 200',
    });
    expect(d.regressions[1]).toMatchObject({
      before: 'passed',
      after: 'blocked',
      detail: 'blocked by POST /account, which answered HTTP 500',
    });
    expect(ids(d.fixes)).toEqual(['c.fixed']);
    expect(ids(d.added)).toEqual(['j.new']);
    expect(d.added[0]).not.toHaveProperty('before');
    expect(ids(d.gone)).toEqual(['d.gone']);
    expect(d.gone[0]).not.toHaveProperty('after');
    expect(ids(d.skippedDifferently)).toEqual(['e.now-skipped', 'f.reason']);
    expect(d.skippedDifferently[1]!.detail).toBe('fixtures: add customObject');
    expect(ids(d.otherChanges)).toEqual(['g.failed-to-blocked']);
    expect(d.unchanged).toBe(2);
  });

  it('matches by rule id and title, pairing repeats in order; a retitled check is gone and new', () => {
    // in order: passed → failed, failed → passed, and the third is gone (any other pairing differs)
    const before = report([
      check('r', 'passed', { title: 'one' }),
      check('r', 'failed', { title: 'one' }),
      check('r', 'passed', { title: 'one' }),
      check('s', 'passed', { title: 'old words' }),
    ]);
    const after = report(
      [
        check('r', 'failed', { title: 'one' }),
        check('r', 'passed', { title: 'one' }),
        check('s', 'passed', { title: 'new words' }),
      ],
      { suiteVersion: '0.2.0' },
    );
    const d = diffReports(before, after);
    expect(d.regressions.map((r) => r.id)).toEqual(['r']);
    expect(d.fixes.map((r) => r.id)).toEqual(['r']);
    expect(d.gone.map((r) => [r.title, r.before])).toEqual([
      ['one', 'passed'],
      ['old words', 'passed'],
    ]);
    expect(d.added.map((r) => r.title)).toEqual(['new words']);
    expect(d.unchanged).toBe(0);
    expect(diffMarkdown(d)).toContain('Different suite versions');
  });

  it('reports observed-contract changes as sets of statuses, not counts', () => {
    const before = report([], {
      observed: {
        successStatuses: [
          { endpoint: 'DELETE /task/{task_id}', statuses: { 200: 3 }, emptyBodies: 0 },
          { endpoint: 'POST /account', statuses: { 200: 1 }, emptyBodies: 0 },
        ],
        errorCodes: [{ code: 'record_not_found', statuses: { 404: 2 }, statedStatus: null }],
      },
    });
    const after = report([], {
      observed: {
        successStatuses: [
          { endpoint: 'DELETE /task/{task_id}', statuses: { 204: 3 }, emptyBodies: 3 },
          { endpoint: 'POST /account', statuses: { 200: 7 }, emptyBodies: 0 },
        ],
        errorCodes: [
          { code: 'record_not_found', statuses: { 404: 1, 410: 1 }, statedStatus: null },
          { code: 'unknown_field', statuses: { 422: 1 }, statedStatus: null },
        ],
      },
    });
    expect(diffReports(before, after).contract).toEqual([
      { kind: 'success status', name: 'DELETE /task/{task_id}', before: ['200'], after: ['204'] },
      { kind: 'error code status', name: 'record_not_found', before: ['404'], after: ['404', '410'] },
      { kind: 'error code status', name: 'unknown_field', before: [], after: ['422'] },
    ]);
  });

  it('writes diff.md as a list, regressions first, server text inert', () => {
    const d = diffReports(
      report([check('a', 'passed'), check('b', 'failed')]),
      report([check('a', 'failed', { actual: 'HTTP 200 | <b>x</b>' }), check('b', 'passed')]),
    );
    const md = diffMarkdown(d);
    expect(
      md.startsWith(
        '## Conformance diff: ❌ 0 new deviations, 1 regression, 1 fix, 0 new, 0 gone, 0 skipped differently, 0 other changes, 0 observed-contract changes\n',
      ),
    ).toBe(true);
    expect(md.indexOf('### Regressions (1)')).toBeLessThan(md.indexOf('### Fixes (1)'));
    expect(md).toContain(
      '- **MUST** `a` a title (POST /contact): passed → failed\n  - expected HTTP 201; got HTTP 200 \\| &lt;b&gt;x&lt;/b&gt;',
    );
    expect(md).not.toMatch(/^\|/m);
  });

  it('counts skipped → failed and blocked → failed as new deviations, listed first; skipped → passed is no change to act on', () => {
    const before = report([
      check('a.was-skipped', 'skipped'),
      check('b.was-blocked', 'blocked'),
      check('c.skipped-passes', 'skipped'),
      check('d.regressed', 'passed'),
    ]);
    const after = report([
      check('a.was-skipped', 'failed'),
      check('b.was-blocked', 'failed'),
      check('c.skipped-passes', 'passed'),
      check('d.regressed', 'failed'),
    ]);
    const d = diffReports(before, after);
    expect(d.newDeviations.map((r) => [r.id, r.before, r.after])).toEqual([
      ['a.was-skipped', 'skipped', 'failed'],
      ['b.was-blocked', 'blocked', 'failed'],
    ]);
    expect(d.regressions.map((r) => r.id)).toEqual(['d.regressed']);
    expect(d.skippedDifferently.map((r) => r.id)).toEqual(['c.skipped-passes']);
    const md = diffMarkdown(d);
    expect(md).toMatch(/^## Conformance diff: ❌ 2 new deviations, 1 regression,/);
    expect(md.indexOf('### New deviations (2)')).toBeGreaterThan(0);
    expect(md.indexOf('### New deviations (2)')).toBeLessThan(md.indexOf('### Regressions (1)'));
    // nothing passed before and fails now: still a diff to act on
    expect(hasRegression(diffReports(report([check('a', 'skipped')]), report([check('a', 'failed')])))).toBe(true);
  });

  it('groups the checks one step blocked under that step', () => {
    const blocked = (id: string) => check(id, 'blocked', { blockedBy: { step: 'POST /account', answer: 'HTTP 500' } });
    const before = report(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => check(id, 'passed')));
    const after = report(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(blocked));
    const md = diffMarkdown(diffReports(before, after));
    expect(md).toContain('### Regressions (7)');
    expect(md).toContain('- 7 checks blocked by POST /account, which answered HTTP 500:');
    expect(md).toContain('  - … and 2 more');
    expect(md.split('\n').filter((l) => l.startsWith('- ')).length).toBe(1);
  });
});

describe('npx conformance diff', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-diff-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, r: unknown) => {
    mkdirSync(path.join(dir, name), { recursive: true });
    writeFileSync(path.join(dir, name, 'conformance.json'), JSON.stringify(r));
    return path.join(dir, name);
  };
  const old = write('old', report([check('a', 'passed'), check('b', 'failed')]));
  const broken = write('broken', report([check('a', 'failed'), check('b', 'failed')]));
  const fixed = write('fixed', report([check('a', 'passed'), check('b', 'passed')]));

  it('exits 1 on a regression, prints it and writes diff.md where --out says', async () => {
    const out = path.join(dir, 'out', 'new-folder', 'changes.md');
    const summary = path.join(dir, 'step-summary.md');
    writeFileSync(summary, '# before\n');
    const r = await runCliInProcess(['diff', old, path.join(broken, 'conformance.json'), '--out', out], {
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    expect(r.code, r.stderr).toBe(1);
    expect(readFileSync(summary, 'utf8')).toBe(`# before\n${readFileSync(out, 'utf8')}`);
    expect(r.stdout).toMatch(
      /^diff: 0 new deviations, 1 regression, 0 fixes, 0 new, 0 gone, 0 skipped differently, 0 other changes, 0 observed-contract changes · .*changes\.md$/m,
    );
    expect(r.stdout).toContain(
      '  ✗ [MUST] a · POST /contact · a title: passed → failed (expected HTTP 201; got HTTP 200)',
    );
    expect(readFileSync(out, 'utf8')).toContain('### Regressions (1)');
  });

  it('exits 1 when a check skipped before fails now (the incomplete run could not see it), printing it first', async () => {
    const incomplete = write('incomplete', report([check('a', 'skipped'), check('b', 'passed')]));
    const complete = write('complete', report([check('a', 'failed'), check('b', 'passed')]));
    const r = await runCliInProcess(['diff', incomplete, complete, '--out', path.join(dir, 'skipped.md')], {
      env: { GITHUB_STEP_SUMMARY: '' },
    });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^diff: 1 new deviation, 0 regressions,/m);
    expect(r.stdout).toContain(
      '  ✗ [MUST] a · POST /contact · a title: skipped → failed (expected HTTP 201; got HTTP 200)',
    );
  });

  it('exits 0 without a regression, writing ./diff.md by default', async () => {
    // ./diff.md is the caller's folder's, in process too (test/cli-cwd.test.ts)
    const r = await runCliInProcess(['diff', old, fixed], { cwd: dir, env: { GITHUB_STEP_SUMMARY: '' } });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(path.join(dir, 'diff.md'), 'utf8')).toContain('### Fixes (1)');
  });

  it('exits 2 when the runs cannot be compared: a missing path, not a report, another spec version', async () => {
    const env = { GITHUB_STEP_SUMMARY: '' };
    const missing = await runCliInProcess(['diff', old, path.join(dir, 'nowhere')], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such report folder or file');
    mkdirSync(path.join(dir, 'empty'));
    expect((await runCliInProcess(['diff', old, path.join(dir, 'empty')], { env })).stderr).toContain(
      'the folder holds no conformance.json',
    );
    const notReport = write('not-a-report', { hello: 'world' });
    expect((await runCliInProcess(['diff', old, notReport], { env })).code).toBe(2);
    writeFileSync(path.join(dir, 'garbage.json'), '{ not json');
    const garbage = await runCliInProcess(['diff', old, path.join(dir, 'garbage.json')], { env });
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toContain('is not JSON');
    const v3 = report([check('a', 'passed')]);
    const other = write('v3', { ...v3, certificate: { ...v3.certificate, specVersion: 'v3' } });
    const r = await runCliInProcess(['diff', old, other], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('different spec versions');
    expect((await runCliInProcess(['diff', old], { env })).code).toBe(2);
  });

  it('compares reports of different suite versions, and says so', async () => {
    const newer = write('newer', report([check('a', 'passed'), check('b', 'failed')], { suiteVersion: '0.2.0' }));
    const r = await runCliInProcess(['diff', old, newer, '--out', path.join(dir, 'versions.md')], {
      env: { GITHUB_STEP_SUMMARY: '' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('(suite 0.1.0 → 0.2.0: checks matched by rule id and title)');
  });
});
