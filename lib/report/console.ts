import type { CheckResult } from './check-result.js';
import { summarise } from './check-result.js';

/** The end of a run on the console: each failed check with its rule and first exchange, then the counts. */
export function printOutcome(results: readonly CheckResult[], print: (line: string) => void): void {
  const failed = results.filter((r) => r.status === 'failed');
  if (failed.length > 0) {
    print('');
    print('Deviations:');
    for (const r of [...failed].sort((a, b) => (a.level === b.level ? a.id.localeCompare(b.id) : a.level === 'MUST' ? -1 : 1))) {
      print(`  ✗ [${r.level}] ${r.id} · ${r.endpoint} · ${r.title}`);
      print(`      ${r.message}`);
      const ex = r.evidence?.at(-1);
      if (ex) print(`      ${ex.request.method} ${ex.request.url} → ${ex.response ? `HTTP ${ex.response.status}` : ex.transportError ?? 'no response'}`);
    }
  }
  const s = summarise(results);
  print('');
  print(`${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`);
  print(s.mustFailed > 0
    ? `verdict: does not conform (${s.mustFailed} MUST-level deviation${s.mustFailed === 1 ? '' : 's'}${s.shouldFailed ? `, ${s.shouldFailed} SHOULD` : ''})`
    : `verdict: conforms (no MUST-level deviation${s.shouldFailed ? `; ${s.shouldFailed} SHOULD-level` : ''})`);
}
