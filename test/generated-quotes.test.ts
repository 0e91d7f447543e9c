import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RULES } from '../suites/spec/rules/catalogue.js';
import type { ConformanceReport } from '../lib/report/conformance-json.js';
import { runCliInProcess } from './support/in-process.js';

const work = mkdtempSync(path.join(tmpdir(), 'conformance-quotes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A generated check generalises several stated rules; its failure quotes the sentence its smallest
 * failing input breaks, never the family's (issue 36 §5).
 */
describe('a generated check quotes the rule of the input that failed', () => {
  it('an unknown attribute inside attributes, taken: the failure quotes unknown_field\'s row, not "no other top-level keys"', async () => {
    const dir = path.join(work, 'unknown');
    const r = await runCliInProcess([
      '--fault',
      'unknown-field-silently-ignored',
      '--only',
      'generated.mutation-refused',
      '--report-dir',
      dir,
    ]);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
    const failed = report.checks.filter((c) => c.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const c of failed) {
      expect(c.id).toBe('generated.mutation-refused');
      expect(c.message).toMatch(/an unknown attribute zz_conformance_/);
      expect(c.quote).toBe(RULES['contact.unknown-field'].quote);
      expect(c.section).toBe(RULES['contact.unknown-field'].section);
      expect(c.quote).not.toBe(RULES['generated.mutation-refused'].quote);
    }
    // a check that passed keeps its family's sentence
    for (const c of report.checks.filter((x) => x.status === 'passed'))
      expect(c.quote).toBe(RULES['generated.mutation-refused'].quote);
  }, 120_000);
});
