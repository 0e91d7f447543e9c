import { describe, expect, it } from 'vitest';
import { sharedRun } from './support/shared-run.js';

interface Report {
  summary: { passed: number; failed: number; skipped: number; total: number };
  checks: Array<{ id: string; level: string; status: string; title: string; endpoint: string; message: string }>;
}

describe('npx conformance against the embedded reference server', () => {
  it('passes every check and writes conformance.json', async () => {
    // the default run, shared with every test that reads one (test/support/shared-run.ts)
    const r = await sharedRun([]);
    const report = r.report<Report>();
    const failed = report.checks.filter((c) => c.status === 'failed').map((c) => `${c.id} ${c.title}: ${c.message}`);
    expect(failed).toEqual([]);
    expect(r.code).toBe(0);
    expect(report.summary.failed).toBe(0);
    expect(report.summary.total).toBe(report.checks.length);
    expect(report.summary.passed + report.summary.skipped).toBe(report.summary.total);
    // the embedded server names every fixture, so nothing may be skipped for lack of one
    expect(report.checks.filter((c) => c.status === 'skipped').map((c) => `${c.id}: ${c.message}`)).toEqual([]);
    for (const c of report.checks) {
      expect(c.level === 'MUST' || c.level === 'SHOULD').toBe(true);
      expect(c.endpoint.length).toBeGreaterThan(0);
    }
    expect(r.stdout).toMatch(/^\d+ passed, 0 failed, 0 skipped$/m);
  });
});
