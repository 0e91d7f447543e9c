import type { CheckResult } from './check-result.js';
import { summarise } from './check-result.js';
import { blockers, unblockLine } from './groups.js';
import { verdictOf } from './certificate.js';
import { failingExchange } from './exchange-text.js';
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
export function printOutcome(results: readonly CheckResult[], print: (line: string) => void): void {
  const failed = results.filter((r) => r.status === 'failed');
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
  const steps = blockers(results);
  if (steps.length > 0) {
    print('');
    print('Blocked (not deviations of their own rules; one cause each):');
    for (const b of steps) print(`  ! ${unblockLine(b)}`);
  }
  const s = summarise(results);
  print('');
  print(`${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped${s.blocked > 0 ? `, ${s.blocked} blocked` : ''}`);
  const verdict = verdictOf(results);
  if (verdict === 'does not conform') {
    print(`verdict: does not conform (${s.mustFailed} MUST-level deviation${s.mustFailed === 1 ? '' : 's'}${s.shouldFailed ? `, ${s.shouldFailed} SHOULD` : ''})`);
  } else if (verdict === 'incomplete') {
    print(`verdict: incomplete (no MUST-level deviation, but ${s.mustBlocked} MUST-level check${s.mustBlocked === 1 ? '' : 's'} could not run: fix the blocking step${steps.length === 1 ? '' : 's'} above)`);
  } else {
    print(`verdict: conforms (no MUST-level deviation${s.shouldFailed ? `; ${s.shouldFailed} SHOULD-level` : ''})`);
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
