import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONCURRENCY, detectFault, expectedExit, limiter, type FaultOutcome } from '../verify/detect.js';
import { FAULTS } from '../../reference/faults/registry.js';

/**
 * Fault injection: the suite must notice each named deviation of the reference server. Every
 * fault gets an `npx conformance --fault <id>` run, in this process through the CLI's composition
 * root (`npm run verify` runs each in a child process, as a user would), at most
 * DEFAULT_CONCURRENCY (or CONFORMANCE_FAULT_CONCURRENCY) at a time; the queue starts in
 * beforeAll and runs ahead while each test awaits its own fault. The run is focused on the fault's
 * rules first, and is the whole suite when that does not detect it (detectFault); `npm run verify`
 * always runs the whole suite per fault.
 *
 * The faults are dealt to `parts` test files, fault i to part i % parts + 1: each file has a worker
 * of its own, so the fault runs use every core. FAULTS=a,b limits the set, and then part 1 runs them
 * all (`FAULTS=<id> npx vitest run test/faults.test.ts` whichever part the fault falls in).
 */
export function detectsFaults(part: number, parts: number): void {
  const only = process.env['FAULTS']
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const selected = only
    ? part === 1
      ? FAULTS.filter((f) => only.includes(f.id))
      : []
    : FAULTS.filter((_, i) => i % parts === part - 1);
  const concurrency = Number(process.env['CONFORMANCE_FAULT_CONCURRENCY'] ?? DEFAULT_CONCURRENCY);
  describe(`the suite detects every fault of the reference server (part ${part} of ${parts})`, () => {
    const results = new Map<string, Promise<FaultOutcome>>();
    beforeAll(() => {
      const schedule = limiter(concurrency);
      for (const fault of selected) {
        const p = schedule(() => detectFault(fault, { focused: true, inProcess: true }));
        p.catch(() => undefined); // awaited (and reported) by the fault's own test
        results.set(fault.id, p);
      }
    });

    const none =
      part === 1 ? `no fault selected by FAULTS=${only?.join(',') ?? ''}` : 'FAULTS=… runs in faults.test.ts';
    if (selected.length === 0) it.skip(none, () => undefined);
    for (const fault of selected) {
      it(`${fault.id} (${fault.breaks.join(', ')})`, async () => {
        const o = await results.get(fault.id)!;
        const summary = `exit ${String(o.code)}${o.error ? `, ${o.error}` : ''}; other failed rules: ${o.otherRules.join(', ') || 'none'}`;
        expect(o.code, summary).toBe(expectedExit(fault.breaks));
        expect(o.matched, `no failed check names ${fault.breaks.join(' or ')}; ${summary}`).not.toEqual([]);
        // and only the rules it declares: a finding under another rule is a second cause, or an undeclared effect
        expect(o.otherRules, `failed rules the fault does not declare; ${summary}`).toEqual([]);
      }, 600_000);
    }
  });
}
