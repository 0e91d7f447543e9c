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

/** The console shows the first new deviations in full; the reports have every one. */
const MAX_DEVIATIONS_SHOWN = 10;
/** A console line's most characters: the details are in the reports (a rerun command is never cut). */
export const MAX_CONSOLE_LINE = 200;

function capped(line: string): string {
  return line.length <= MAX_CONSOLE_LINE ? line : `${line.slice(0, MAX_CONSOLE_LINE - 1)}…`;
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
    for (const cause of causes.slice(0, 20))
      print(capped(`  ${cause.baselined ? '~' : '✗'} ${causeLine(cause)}${cause.baselined ? ' (known)' : ''}`));
    if (causes.length > 20) print(`  … and ${causes.length - 20} more (conformance.json rootCauses)`);
  }
  // new deviations first, MUST before SHOULD; the known ones (in the --baseline) only counted
  const fresh = failed.filter((r) => !r.baselined);
  const known = failed.length - fresh.length;
  if (failed.length > 0) {
    print('');
    print(`Deviations${known > 0 ? ` (${fresh.length} new; ${known} known, in the baseline)` : ''}:`);
    const ranked = [...fresh].sort((a, b) =>
      a.level === b.level ? a.id.localeCompare(b.id) : a.level === 'MUST' ? -1 : 1,
    );
    for (const r of ranked.slice(0, MAX_DEVIATIONS_SHOWN)) {
      print(capped(`  ✗ [${r.level}] ${r.id} · ${r.endpoint} · ${r.title}`));
      print(capped(`      ${r.message}`));
      const ex = failingExchange(r);
      if (ex)
        print(
          capped(
            `      ${ex.request.method} ${ex.request.url} → ${ex.response ? `HTTP ${ex.response.status}` : (ex.transportError ?? 'no response')}`,
          ),
        );
      // whole, on one line: it is meant to be pasted (the generated checks' message already ends with it)
      if (r.rerun && !r.message.includes(r.rerun)) print(`      rerun: ${r.rerun}`);
    }
    if (ranked.length > MAX_DEVIATIONS_SHOWN)
      print(
        `  … and ${ranked.length - MAX_DEVIATIONS_SHOWN} more new deviations: report.html and summary.md have them all`,
      );
  }
  if (strictFailed.length > 0) {
    print('');
    print(
      `Deviations under a strict reading (the spec's sentence has another reasonable reading; ${strict ? 'they fail the run: --strict' : 'they do not fail the run without --strict'}):`,
    );
    for (const r of [...strictFailed].sort((a, b) => a.id.localeCompare(b.id))) {
      print(`  ~ [${r.level}] ${r.id} · ${r.endpoint} · ${r.title}`);
      print(`      ${r.message}`);
    }
  }
  const steps = blockers(results);
  if (steps.length > 0) {
    print('');
    print('Blocked (not deviations of their own rules; one cause each):');
    for (const b of steps) print(capped(`  ! ${unblockLine(b)}`));
  }
  const s = summarise(results);
  print('');
  const strictPart = s.strictFailed > 0 ? ` (${s.strictFailed} under a strict reading)` : '';
  print(
    `${s.passed} passed, ${s.failed} failed${strictPart}, ${s.skipped} skipped${s.blocked > 0 ? `, ${s.blocked} blocked` : ''}`,
  );
  const verdict = verdictOf(results, strict);
  if (verdict === 'does not conform') {
    const must = s.mustFailed + (strict ? s.strictFailed : 0);
    print(
      `verdict: does not conform (${must} MUST-level deviation${must === 1 ? '' : 's'}${s.shouldFailed ? `, ${s.shouldFailed} SHOULD` : ''})`,
    );
  } else if (verdict === 'incomplete') {
    print(
      `verdict: incomplete (no MUST-level deviation, but ${s.mustBlocked} MUST-level check${s.mustBlocked === 1 ? '' : 's'} could not run: fix the blocking step${steps.length === 1 ? '' : 's'} above)`,
    );
  } else {
    const apart = s.strictFailed > 0 ? `; ${s.strictFailed} under a strict reading, not counted without --strict` : '';
    print(
      `verdict: conforms (no MUST-level deviation${s.shouldFailed ? `; ${s.shouldFailed} SHOULD-level` : ''}${apart})`,
    );
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

const ANSI = { red: '\x1b[31m', yellow: '\x1b[33m', green: '\x1b[32m', bold: '\x1b[1m', reset: '\x1b[0m' } as const;

/**
 * A console line, already inert, coloured by what it says: a deviation or failing group red, a block
 * or a known deviation yellow, a passing group green, the verdict by its word. Only escapes of the
 * suite's own are added around the text, so server text still cannot colour anything.
 */
export function painted(line: string): string {
  const wrap = (colour: string, text: string) => `${colour}${text}${ANSI.reset}`;
  if (/^verdict: conforms/.test(line)) return wrap(ANSI.green + ANSI.bold, line);
  if (/^verdict: does not conform/.test(line)) return wrap(ANSI.red + ANSI.bold, line);
  if (/^verdict: incomplete/.test(line)) return wrap(ANSI.yellow + ANSI.bold, line);
  const mark = /^(\s*)([✗!~✓])( .*)$/u.exec(line);
  if (!mark) return line;
  const colour = mark[2] === '✗' ? ANSI.red : mark[2] === '✓' ? ANSI.green : ANSI.yellow;
  return `${mark[1]}${wrap(colour, mark[2]!)}${mark[3]}`;
}
