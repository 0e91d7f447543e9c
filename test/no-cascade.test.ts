import { describe, expect, it } from 'vitest';
import { runSuite, type ReportCheck } from './verify/detect.js';
import { faultById } from '../reference/faults/registry.js';

/**
 * No cascades: a check varies one input and sends every other at the spec's plain default (no
 * boundary value), so a server wrong at a boundary fails the rule of that boundary alone. Each fault
 * here is such a bug (a page size at its stated minimum or default, a page size below it, a long
 * string, a string outside ASCII); the whole suite runs against it, and every check that failed or
 * was blocked must name one of the fault's own rules. The generated checks (`generated.*`) are the
 * one exception: they draw every input, boundaries among them, on purpose, and catching a fault of a
 * hand-written rule too is what they are for (npm run verify counts those apart).
 */
const BOUNDARY_FAULTS = [
  'page-size-one-refused',
  'page-size-default-20',
  'page-size-zero-accepted',
  'long-string-500',
  'long-string-truncated',
  'unicode-mangled',
] as const;

/** The rules a failed or blocked check names: its violations', its blocker's, or its own. */
function rulesOf(c: ReportCheck): string[] {
  const found = (c.violations ?? []).map((v) => v.rule);
  const blocker = (c.blockedBy as { rule?: string } | undefined)?.rule;
  return found.length > 0 ? found : blocker ? [blocker] : [c.id];
}

describe('a bug at a boundary fails only its own rule', () => {
  for (const id of BOUNDARY_FAULTS) {
    it(`${id}: every failed or blocked check names ${faultById(id)?.breaks.join(', ')}`, async () => {
      const fault = faultById(id);
      expect(fault).toBeDefined();
      const run = await runSuite(['--fault', id], { inProcess: true });
      expect(run.error).toBeUndefined();
      const broken = run.checks.filter((c) => c.status === 'failed' || c.status === 'blocked');
      expect(broken.length).toBeGreaterThan(0);
      const own = (rule: string) => fault!.breaks.includes(rule as never) || rule.startsWith('generated.');
      const elsewhere = broken.filter((c) => !rulesOf(c).every(own));
      expect(elsewhere.map((c) => `${c.status} ${c.id}: ${c.title}: ${c.message}`)).toEqual([]);
    }, 300_000);
  }
});
