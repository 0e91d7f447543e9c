import { describe, expect, it } from 'vitest';
import { sharedRun } from './support/shared-run.js';
import { RULES } from '../suites/spec/rules/catalogue.js';
import { STATEMENTS } from '../suites/spec/rules/statements-data.js';
import { OPEN_POINTS } from '../suites/spec/rules/open-points.js';
import { VARIATIONS } from '../reference/variations/registry.js';
import type { CoverageMap } from '../lib/coverage/coverage-map.js';
import { runCliInProcess } from './support/in-process.js';

describe('npx conformance coverage: the traceability map, built from the catalogue and the registry', () => {
  it('lists every catalogue rule exactly once, every statement in its section, every open point and variation', async () => {
    // the default run every file shares (test/support/shared-run.ts)
    const run = await sharedRun([]);
    expect(run.code).toBe(0);
    const r = await runCliInProcess(['coverage', '--json', '--report-dir', run.dir]);
    expect(r.code, r.stderr).toBe(0);
    const map = JSON.parse(r.stdout) as CoverageMap;
    expect(Object.keys(map.rules).sort()).toEqual(Object.keys(RULES).sort());
    expect(map.sections.flatMap((s) => s.statements)).toHaveLength(STATEMENTS.length);
    expect(map.openPoints).toHaveLength(OPEN_POINTS.length);
    // each variation is shown once: under the open point it makes a choice of, or among the others
    const shown = [...map.openPoints.flatMap((p) => p.variations), ...map.silences.map((v) => v.id)];
    expect([...new Set(shown)].sort()).toEqual(VARIATIONS.map((v) => v.id).sort());
    // every rule has checks, and on the reference every MUST rule passed
    expect(Object.entries(map.rules).filter(([, x]) => x.checks === 0)).toEqual([]);
    expect(Object.entries(map.rules).filter(([, x]) => x.level === 'MUST' && x.outcome !== 'passed')).toEqual([]);
    expect(map.contract?.operations.neverSeen).toEqual([]);
    expect(map.contract?.errorCodes.seen.length).toBeGreaterThan(10);
    // and report.html carries the same map
    expect(run.read('report.html')).toContain('<section id="coverage"><h2>Coverage of the spec</h2>');
  }, 200_000);

  it('reads as text without a run: statements with their rules and check counts', async () => {
    const r = await runCliInProcess(['coverage']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^§ Resources and their fields › Record envelope/m);
    expect(r.stdout).toMatch(/checked by record\.envelope \(MUST, \d+ checks\)/);
  });
});
