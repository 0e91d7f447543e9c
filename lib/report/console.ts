import type { CheckResult } from '../check/result.js';
import { summarise } from '../check/result.js';
import { blockers, unblockLine } from './groups.js';
import { verdictOf } from './certificate.js';
import { failingExchange } from './exchange-text.js';
import { causeLine, rootCauses } from './root-causes.js';
import { inertLines } from './inert.js';

/**
 * One console line as printed: control characters escaped, and a line break inside it (server text
 * in a message) continues on a line indented deeper than the line itself, so server text can never
 * start a line (`::error::`, `verdict: conforms`, a check's mark).
 */
export function consoleLines(line: string): string[] {
  const [first = '', ...rest] = inertLines(line);
  const indent = `${/^\s*/.exec(first)?.[0] ?? ''}    `;
  return [first, ...rest.map((l) => indent + l)];
}

/**
 * The end of a run on the console: each failed check with its rule, the exchange it failed on and the
 * command that reruns it, then the set-up
 * steps that blocked checks (one line each, saying what to fix), then the counts and the verdict.
 */
export function printOutcome(results: readonly CheckResult[], print: (line: string) => void, strict = false): void {
  const failed = results.filter((r) => r.status === 'failed' && r.reading !== 'strict');
  const strictFailed = results.filter((r) => r.status === 'failed' && r.reading === 'strict');
  const causes = rootCauses(results);
  if (causes.length > 0) {
    print('');
    print('Root causes (a rule broken at one operation, in one way; what each took down):');
    for (const cause of causes.slice(0, 20)) print(`  ✗ ${causeLine(cause)}`);
    if (causes.length > 20) print(`  … and ${causes.length - 20} more (conformance.json rootCauses)`);
  }
  if (failed.length > 0) {
    print('');
    print('Deviations:');
    for (const r of [...failed].sort((a, b) => (a.level === b.level ? a.id.localeCompare(b.id) : a.level === 'MUST' ? -1 : 1))) {
      print(`  ✗ [${r.level}] ${r.id} · ${r.endpoint} · ${r.title}`);
      print(`      ${r.message}`);
      const ex = failingExchange(r);
      if (ex) print(`      ${ex.request.method} ${ex.request.url} → ${ex.response ? `HTTP ${ex.response.status}` : ex.transportError ?? 'no response'}`);
      // the generated checks' message already ends with its repeat command
      if (r.rerun && !r.message.includes(r.rerun)) print(`      rerun: ${r.rerun}`);
    }
  }
  if (strictFailed.length > 0) {
    print('');
    print(`Deviations under a strict reading (the spec's sentence has another reasonable reading; ${strict ? 'they fail the run: --strict' : 'they do not fail the run without --strict'}):`);
    for (const r of [...strictFailed].sort((a, b) => a.id.localeCompare(b.id))) {
      print(`  ~ [${r.level}] ${r.id} · ${r.endpoint} · ${r.title}`);
      print(`      ${r.message}`);
    }
  }
  const steps = blockers(results);
  if (steps.length > 0) {
    print('');
    print('Blocked (not deviations of their own rules; one cause each):');
    for (const b of steps) print(`  ! ${unblockLine(b)}`);
  }
  const s = summarise(results);
  print('');
  const strictPart = s.strictFailed > 0 ? ` (${s.strictFailed} under a strict reading)` : '';
  print(`${s.passed} passed, ${s.failed} failed${strictPart}, ${s.skipped} skipped${s.blocked > 0 ? `, ${s.blocked} blocked` : ''}`);
  const verdict = verdictOf(results, strict);
  if (verdict === 'does not conform') {
    const must = s.mustFailed + (strict ? s.strictFailed : 0);
    print(`verdict: does not conform (${must} MUST-level deviation${must === 1 ? '' : 's'}${s.shouldFailed ? `, ${s.shouldFailed} SHOULD` : ''})`);
  } else if (verdict === 'incomplete') {
    print(`verdict: incomplete (no MUST-level deviation, but ${s.mustBlocked} MUST-level check${s.mustBlocked === 1 ? '' : 's'} could not run: fix the blocking step${steps.length === 1 ? '' : 's'} above)`);
  } else {
    const apart = s.strictFailed > 0 ? `; ${s.strictFailed} under a strict reading, not counted without --strict` : '';
    print(`verdict: conforms (no MUST-level deviation${s.shouldFailed ? `; ${s.shouldFailed} SHOULD-level` : ''}${apart})`);
  }
}

/** A line a terminal redraws in place (progress); never used when the output is not a TTY. */
export interface LiveLine {
  update(text: string): void;
  /** erase it, before a normal line is printed or at the end */
  clear(): void;
}

/**
 * The live progress line of a terminal: `\r` plus "erase line", at most every 100 ms. Only for a TTY
 * outside CI; CI logs get the one line per endpoint group and the summary, nothing redrawn.
 */
export function liveLine(write: (chunk: string) => void, columns = 80, minIntervalMs = 100): LiveLine {
  let shown = false;
  let last = 0;
  return {
    update(text) {
      const now = Date.now();
      if (shown && now - last < minIntervalMs) return;
      last = now;
      write(`\r\x1b[2K${text.slice(0, Math.max(10, columns - 1))}`);
      shown = true;
    },
    clear() {
      if (!shown) return;
      write('\r\x1b[2K');
      shown = false;
    },
  };
}
