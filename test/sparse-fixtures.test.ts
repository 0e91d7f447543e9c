import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import { runCliInProcess } from './support/in-process.js';

interface Report {
  summary: { failed: number; blocked: number; skipped: number; passed: number };
  checks: Array<{ id: string; title: string; status: string; message: string }>;
}

/** The value at a dotted path of the fixtures (`customObject.attributes`), or undefined. */
function at(fixtures: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
      fixtures,
    );
}

/**
 * A user's server looks like the sparsest fixtures file the README allows: one task, a custom object
 * whose samples are a select, a number and a boolean, and none of the keys a user typically leaves
 * out. Run as a user would (--base-url, --fixtures), the suite must fail nothing, block nothing, and
 * skip only what a missing key truly prevents, each skip naming that key.
 */
describe('the whole suite with the sparse fixtures file', () => {
  let ref: RunningReference;
  let report: Report;
  let code: number | null;
  let out: string;
  beforeAll(async () => {
    ref = await startReferenceServer({ fixtures: 'sparse' });
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-sparse-'));
    writeFileSync(path.join(dir, 'fixtures.json'), JSON.stringify(ref.fixtures));
    // the file lacks keys on purpose: --allow-incomplete, as a CI gate that lacks them would say
    const r = await runCliInProcess(['--fixtures', 'fixtures.json', '--report-dir', 'report', '--allow-incomplete'], {
      cwd: dir,
    });
    code = r.code;
    out = r.stdout + r.stderr;
    report = JSON.parse(readFileSync(path.join(dir, 'report', 'conformance.json'), 'utf8')) as Report;
  }, 300_000);
  afterAll(async () => {
    await ref.close();
  });

  it('names one task, and samples of a select, a number and a boolean only', () => {
    expect(ref.fixtures.taskIds).toHaveLength(1);
    expect(ref.fixtures.taskToArchive).toBeUndefined();
    expect(
      Object.values(ref.fixtures.customObject?.attributes ?? {})
        .map((v) => typeof v)
        .sort(),
    ).toEqual(['boolean', 'number', 'string']);
  });

  it('no failed and no blocked check; exit 0 with --allow-incomplete', () => {
    const bad = report.checks
      .filter((c) => c.status === 'failed' || c.status === 'blocked')
      .map((c) => `${c.status} ${c.id}: ${c.title}: ${c.message}`);
    expect(bad).toEqual([]);
    expect(code, out.slice(-2000)).toBe(0);
    expect(report.summary.passed).toBeGreaterThan(300);
  });

  it('every skip names a fixtures key the file leaves out (or the free-text sample it lacks)', () => {
    const skipped = report.checks.filter((c) => c.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    for (const c of skipped) {
      const key = /fixtures: `([A-Za-z.]+)/.exec(c.message)?.[1];
      expect(key, `${c.id}: ${c.message}`).toBeDefined();
      if (key === 'customObject.attributes') expect(c.message).toMatch(/holds no free-text attribute/);
      else
        expect(
          at(ref.fixtures, key!),
          `${c.id} skipped naming ${key}, which the file gives: ${c.message}`,
        ).toBeUndefined();
    }
  });
});
