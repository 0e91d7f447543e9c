import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCliInProcess } from './support/in-process.js';

interface Report {
  certificate: { verdict: string };
  blockers: Array<{ step: string; answer: string; fixture?: string; checks: unknown[] }>;
  checks: Array<{ id: string; title: string; status: string; message: string; blockedBy?: { step: string } }>;
}

const UPSERT = 'POST /{custom_object_api_name}/_upsert';

/**
 * One cause, one finding: when the custom-object upsert breaks (reference fault upsert-write-fails:
 * every valid upsert answers 500), the upsert's own check fails, and every check that needed an
 * upserted record is blocked, grouped under that one step, not failed under rules it never tested.
 */
describe('a broken set-up step', () => {
  it("fails only the step's own check; its dependants are blocked and grouped under it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-blocked-'));
    const r = await runCliInProcess(['--fault', 'upsert-write-fails', '--report-dir', dir]);
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as Report;
    expect(r.code).toBe(1);
    expect(report.certificate.verdict).toBe('does not conform');
    const failed = [...new Set(report.checks.filter((c) => c.status === 'failed').map((c) => c.id))];
    expect(
      failed,
      report.checks
        .filter((c) => c.status === 'failed')
        .map((c) => `${c.id}: ${c.title}: ${c.message}`)
        .join('\n'),
    ).toEqual(['custom-object.upsert.creates']);
    const blocked = report.checks.filter((c) => c.status === 'blocked');
    expect(blocked.length).toBeGreaterThan(10);
    expect(blocked.filter((c) => c.blockedBy?.step !== UPSERT).map((c) => `${c.id}: ${c.message}`)).toEqual([]);
    expect(report.blockers).toHaveLength(1);
    expect(report.blockers[0]).toMatchObject({ step: UPSERT, fixture: 'customObject' });
    expect(report.blockers[0]!.checks).toHaveLength(blocked.length);
    // blocked checks span several endpoint groups, each named once in one line saying what to fix
    expect(r.stdout).toContain(`! ${blocked.length} checks blocked by ${UPSERT}, which answered HTTP 500`);
    expect(r.stdout).toMatch(/^verdict: does not conform \(\d+ MUST-level deviation/m);
  });
});
