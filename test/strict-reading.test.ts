import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gateStatus } from '../lib/baseline/baseline.js';
import { verdictOf } from '../lib/report/certificate.js';
import { summarise, type CheckResult } from '../lib/check/result.js';
import { RULES } from '../suites/spec/rules/catalogue.js';
import type { Rule } from '../lib/catalogue/rule.js';
import { strictOnly } from '../lib/catalogue/reading.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';
import { runCliInProcess } from './support/in-process.js';

const check = (o: Partial<CheckResult>): CheckResult => ({
  id: 'error.code-listed-no-fit',
  level: 'MUST',
  status: 'failed',
  title: 't',
  endpoint: 'e',
  message: 'm',
  group: 'g',
  section: 's',
  quote: 'q',
  ...o,
});

describe('rules that rest on one reading', () => {
  it('name the other reading in the catalogue', () => {
    const strict = Object.entries(RULES).filter(([, r]) => (r as Rule).reading === 'strict');
    expect(strict.map(([id]) => id)).toEqual(
      expect.arrayContaining([
        'error.code-listed-no-fit',
        'account.domain.last-primary-of-several',
        'media.text-plain-json-415',
        'write.attributes-only',
      ]),
    );
    for (const [id, r] of strict) expect((r as Rule).otherReading?.length ?? 0, id).toBeGreaterThan(20);
  });

  it('mark a failure strict only when every rule it broke is strict', () => {
    expect(strictOnly(CATALOGUE, 'auth.forbidden-403', [{ rule: 'error.code-listed-no-fit' }])).toBe(true);
    expect(
      strictOnly(CATALOGUE, 'auth.forbidden-403', [{ rule: 'error.code-listed-no-fit' }, { rule: 'error.body' }]),
    ).toBe(false);
    expect(strictOnly(CATALOGUE, 'write.attributes-only', [])).toBe(true);
    expect(strictOnly(CATALOGUE, 'error.body', [])).toBe(false);
  });

  it('count strict failures apart, fatal only with --strict', () => {
    const checks = [check({ reading: 'strict' }), check({ id: 'error.body', status: 'passed' })];
    expect(summarise(checks)).toMatchObject({ failed: 1, mustFailed: 0, strictFailed: 1 });
    expect(gateStatus(checks)).toBe(0);
    expect(gateStatus(checks, undefined, true)).toBe(1);
    expect(verdictOf(checks, CATALOGUE)).toBe('conforms');
    expect(verdictOf(checks, CATALOGUE, true)).toBe('does not conform');
    expect(verdictOf([check({})], CATALOGUE)).toBe('does not conform');
  });
});

describe("--strict on a run against a server that makes the other reading's choice", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const run = async (extra: string[], env: Record<string, string> = {}) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-strict-'));
    dirs.push(dir);
    const r = await runCliInProcess(
      [
        '--variation',
        'own-codes-for-unlisted-statuses',
        '--only',
        'error.code-listed-no-fit',
        '--report-dir',
        dir,
        ...extra,
      ],
      { env },
    );
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
      checks: CheckResult[];
      summary: { strictFailed: number };
      certificate: { reading: string; verdict: string; completeness: { mustRulesLeftOut: number } };
    };
    return { ...r, report };
  };

  it('reports the failures apart and passes without it; fails with --strict or CONFORMANCE_STRICT', async () => {
    const lenient = await run([]);
    expect(lenient.code).toBe(0);
    expect(lenient.report.checks.filter((c) => c.status === 'failed').every((c) => c.reading === 'strict')).toBe(true);
    expect(lenient.report.summary.strictFailed).toBeGreaterThan(0);
    // a focused run leaves MUST rules out: never "conforms" for what it did not test, but the selection
    // was chosen, so it does not fail the gate
    expect(lenient.report.certificate).toMatchObject({ reading: 'default', verdict: 'incomplete' });
    expect(lenient.stdout).toContain('Under a strict reading');
    expect(lenient.stdout).toMatch(/^ {6}the other reading: \S/m);
    const strict = await run(['--strict']);
    expect(strict.code).toBe(1);
    expect(strict.report.certificate).toMatchObject({ reading: 'strict', verdict: 'does not conform' });
    expect((await run([], { CONFORMANCE_STRICT: 'true' })).code).toBe(1);
  }, 120_000);
});
