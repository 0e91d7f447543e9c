import type { FixturesKnowledge } from '../target/fixtures-in-use.js';
import type { CheckResult } from '../check/result.js';
import { summarise } from '../check/result.js';
import { blockers, groupCounts, groupMark, NOT_APPLICABLE_TITLE, notApplicableChecks, unblockLine } from './groups.js';
import { completenessOf, verdictOf, type RunScope } from './certificate.js';
import { lacking, untestedPhrase } from '../certificate/verdict.js';
import { untestedOf } from '../certificate/certificate-file.js';
import { failingExchange } from './exchange-text.js';
import { causeLine, rootCauses } from './root-causes.js';
import { inertLines } from './inert.js';
import { resultProblemKey } from '../check/cause-key.js';
import { toComplete, toCompleteLines } from './to-complete.js';
import { otherReadingOf } from '../catalogue/reading.js';
import type { Catalogue } from '../catalogue/catalogue.js';

/**
 * One console line as printed: control characters escaped, and a line break inside it (server text
 * in a message) continues on a line indented deeper than the line itself and quoted with a bar, so
 * server text can never start a line (`::error::`, `verdict: conforms`, a check's mark) nor read as
 * one of the suite's own (issue 38). And the run's verdict is said only at the start of a line:
 * `verdict:` anywhere else (server text in a message) is shown escaped, `verdict\x3a`, so
 * `grep 'verdict: conforms'` finds the real verdict and nothing a server wrote.
 */
export function consoleLines(line: string): string[] {
  const [first = '', ...rest] = inertLines(line);
  const indent = `${/^\s*/.exec(first)?.[0] ?? ''}    `;
  return [noForgedVerdict(first, 1), ...rest.map((l) => `${indent}${QUOTE_BAR}${noForgedVerdict(l, 0)}`)];
}

/** what begins a continued line of server text on the console: it is quoted, not the suite's own */
export const QUOTE_BAR = '│ ';

/** `verdict:` from `from` on shown escaped (a line of the suite's own starts with it at 0). */
function noForgedVerdict(line: string, from: number): string {
  return line.slice(0, from) + line.slice(from).replace(/(verdict\s*):/gi, '$1\\x3a');
}

/** The console shows the first new deviations in full; the reports have every one. */
const MAX_DEVIATIONS_SHOWN = 10;
/** A console line's most characters: the details are in the reports (a rerun command is never cut). */
export const MAX_CONSOLE_LINE = 200;

function capped(line: string): string {
  return line.length <= MAX_CONSOLE_LINE ? line : `${line.slice(0, MAX_CONSOLE_LINE - 1)}…`;
}

/**
 * One line per endpoint group, its counts including the findings filed under it (a rule broken on
 * the way, met by other checks), so the lines add up to the total below them.
 */
export function groupLines(results: readonly CheckResult[]): string[] {
  return groupCounts(results).map((g) => {
    const found = results.filter((c) => c.group === g.group && c.status === 'failed' && c.finding).length;
    const failed = `${g.failed} failed${found > 0 ? ` (${found} met on the way by other checks)` : ''}`;
    return `${groupMark(g)} ${g.group.padEnd(22)} ${g.passed} passed, ${failed}, ${g.skipped} skipped${g.blocked > 0 ? `, ${g.blocked} blocked` : ''}${g.notApplicable > 0 ? `, ${g.notApplicable} not applicable` : ''}`;
  });
}

/**
 * The findings of a run on the console, before its report paths: the endpoint groups, the root causes
 * (each rule broken in one way, with the operations it showed at), each new deviation with the check
 * that found it, the exchange and the command that reruns exactly that check, the strict-reading
 * items apart with their other reading, and the set-up steps that blocked checks. The verdict and
 * what the run lacks come last (printVerdict).
 */
export function printOutcome(
  results: readonly CheckResult[],
  catalogue: Catalogue,
  print: (line: string) => void,
  strict = false,
): void {
  for (const line of groupLines(results)) print(line);
  const causes = rootCauses(results).filter((c) => c.reading !== 'strict');
  if (causes.length > 0) {
    print('');
    print('Root causes (each a rule broken in one way, with the operations it showed at and what it took down):');
    for (const cause of causes.slice(0, 20)) {
      print(capped(`  ${cause.baselined ? '~' : '✗'} ${causeLine(cause)}`));
      if (cause.operations.length > 1) print(capped(`      at: ${cause.operations.join(', ')}`));
    }
    if (causes.length > 20) print(`  … and ${causes.length - 20} more (conformance.json rootCauses)`);
  }
  printDeviations(results, print);
  printStrict(results, catalogue, print, strict);
  const steps = blockers(results);
  if (steps.length > 0) {
    print('');
    print('Blocked (not deviations of their own rules; one cause each):');
    for (const b of steps) print(capped(`  ! ${unblockLine(b)}`));
  }
}

/** New deviations, one per root cause (MUST before SHOULD), the known ones only counted. */
function printDeviations(results: readonly CheckResult[], print: (line: string) => void): void {
  const failed = results.filter((r) => r.status === 'failed' && r.reading !== 'strict');
  if (failed.length === 0) return;
  const fresh = byCause(failed.filter((r) => !r.baselined));
  const known = failed.length - fresh.reduce((n, x) => n + x.length, 0);
  print('');
  print(`Deviations${known > 0 ? ` (${fresh.length} new; ${known} known, in the baseline)` : ''}:`);
  for (const [r, ...more] of fresh.slice(0, MAX_DEVIATIONS_SHOWN).map((x) => x as [CheckResult, ...CheckResult[]])) {
    print(capped(`  ✗ [${r.level}] ${r.id} · ${r.endpoint} · ${titleOf(r)}`));
    print(capped(`      ${r.message}`));
    if (more.length > 0) print(capped(`      also at: ${[...new Set(more.map((m) => m.endpoint))].join(', ')}`));
    const found = foundBy(r);
    if (found) print(capped(`      found by: ${found}`));
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
  if (fresh.length > MAX_DEVIATIONS_SHOWN)
    print(
      `  … and ${fresh.length - MAX_DEVIATIONS_SHOWN} more new deviations: report.html and summary.md have them all`,
    );
}

/** The strict-reading items apart (amber `~`): each with its other reading, never among the deviations. */
function printStrict(
  results: readonly CheckResult[],
  catalogue: Catalogue,
  print: (line: string) => void,
  strict: boolean,
): void {
  const items = results.filter((r) => r.status === 'failed' && r.reading === 'strict');
  if (items.length === 0) return;
  print('');
  print(
    `Under a strict reading (the spec's sentence has another reasonable reading; ${strict ? 'they fail the run: --strict' : 'they do not fail the run without --strict'}):`,
  );
  for (const [r, ...more] of byCause([...items].sort((a, b) => a.id.localeCompare(b.id))).map(
    (x) => x as [CheckResult, ...CheckResult[]],
  )) {
    print(capped(`  ~ [${r.level}, strict reading] ${r.id} · ${r.endpoint} · ${r.title}`));
    print(capped(`      ${r.message}`));
    if (more.length > 0) print(capped(`      also at: ${[...new Set(more.map((m) => m.endpoint))].join(', ')}`));
    const other = otherReadingOf(catalogue, r.id);
    if (other) print(capped(`      the other reading: ${other}`));
  }
}

/** A result's title without the operation a finding's title starts with (the line names it already). */
function titleOf(r: CheckResult): string {
  return r.finding && r.title.startsWith(`${r.endpoint}: `) ? r.title.slice(r.endpoint.length + 2) : r.title;
}

/** Failed results grouped by root cause (rule and problem), in their order; each group's first leads. */
export function byCause(results: readonly CheckResult[]): CheckResult[][] {
  const m = new Map<string, CheckResult[]>();
  const ranked = [...results].sort((a, b) =>
    a.level === b.level ? a.id.localeCompare(b.id) : a.level === 'MUST' ? -1 : 1,
  );
  for (const r of ranked) {
    const key = resultProblemKey(r);
    m.set(key, [...(m.get(key) ?? []), r]);
  }
  return [...m.values()];
}

/** The check that met a finding first (`rule: title`), and how many others did. */
export function foundBy(r: Pick<CheckResult, 'finding'>): string | undefined {
  const checks = r.finding?.checks ?? [];
  if (checks.length === 0) return undefined;
  return `${checks[0]}${checks.length > 1 ? ` (and ${checks.length - 1} other check${checks.length === 2 ? '' : 's'})` : ''}`;
}

/** The MUST rules not tested, named, where a few are (a narrowed selection leaves out too many to name). */
function untestedNamed(results: readonly CheckResult[], catalogue: Catalogue): string {
  const named = untestedPhrase(untestedOf(results, catalogue), 3);
  return named ? `; ${named}` : '';
}

/** The verdict's own words: what it rests on, and for an incomplete run what it lacks. */
export function verdictLine(
  results: readonly CheckResult[],
  catalogue: Catalogue,
  strict = false,
  scope: RunScope = {},
): string {
  const s = summarise(results);
  const verdict = verdictOf(results, catalogue, strict, scope);
  const done = completenessOf(results, catalogue, scope);
  if (verdict === 'does not conform') {
    const must = s.mustFailed + (strict ? s.strictFailed : 0);
    return `verdict: does not conform (${must} MUST-level deviation${must === 1 ? '' : 's'}${s.shouldFailed ? `, ${s.shouldFailed} SHOULD` : ''})`;
  }
  const apart = s.strictFailed > 0 ? `; ${s.strictFailed} under a strict reading, not counted without --strict` : '';
  const should = s.shouldFailed ? `; ${s.shouldFailed} SHOULD-level` : '';
  if (verdict === 'incomplete') {
    return `verdict: incomplete (no MUST-level deviation in the ${done.mustRan} MUST check${done.mustRan === 1 ? '' : 's'} that ran; not tested: ${lacking(done).join(', ')}${untestedNamed(results, catalogue)}${should}${apart})`;
  }
  const na = done.mustNotApplicable > 0 ? `; ${done.mustNotApplicable} not applicable` : '';
  return `verdict: conforms (all ${done.mustRan} MUST checks ran and passed${na}${should}${apart})`;
}

/** The not applicable checks, each with what shows it (at most `max`): they never make a run incomplete. */
function printNotApplicable(results: readonly CheckResult[], print: (line: string) => void, max = 8): void {
  const na = notApplicableChecks(results);
  if (na.length === 0) return;
  print(`${NOT_APPLICABLE_TITLE}:`);
  for (const c of na.slice(0, max)) print(capped(`  - ${c.id} (${c.level}): ${c.message}`));
  if (na.length > max) print(`  … and ${na.length - max} more: summary.md and report.html list them all`);
}

/**
 * The console's last lines: the counts, the verdict and, for an incomplete run, what it lacks,
 * grouped by what the user supplies ("To complete this run"), and what that does to the exit status.
 */
export function printVerdict(
  results: readonly CheckResult[],
  print: (line: string) => void,
  o: {
    catalogue: Catalogue;
    strict?: boolean;
    scope?: RunScope;
    allowIncomplete?: boolean;
    fixturesFile?: FixturesKnowledge;
  },
): void {
  const s = summarise(results);
  print('');
  const strictPart = s.strictFailed > 0 ? ` (${s.strictFailed} under a strict reading)` : '';
  print(
    `${s.passed} passed, ${s.failed} failed${strictPart}, ${s.skipped} skipped${s.blocked > 0 ? `, ${s.blocked} blocked` : ''}${s.notApplicable > 0 ? `, ${s.notApplicable} not applicable` : ''}`,
  );
  print(verdictLine(results, o.catalogue, o.strict, o.scope));
  printNotApplicable(results, print);
  const lacks = toComplete(results, o.fixturesFile);
  if (lacks.length > 0) {
    print('To complete this run (what it lacks, by what you supply; each with the checks it unlocks):');
    for (const line of toCompleteLines(lacks)) print(capped(line));
  }
  const steps = blockers(results);
  if (steps.some((b) => b.checks.some((k) => k.level === 'MUST')))
    print('  - the blocked checks above: fix the step that blocked them');
  if (results.some((r) => r.status === 'skipped' && r.level === 'MUST') && s.mustFailed === 0 && s.mustBlocked === 0)
    print(
      o.allowIncomplete
        ? 'exit 0 despite the skipped MUST checks: --allow-incomplete'
        : 'exit 1: MUST checks were skipped, so the server is not certified; --allow-incomplete lets a gate that lacks them on purpose pass (or leave them out with --skip)',
    );
}
/** A line a terminal redraws in place (progress); never used when the output is not a TTY. */
export interface LiveLine {
  update(text: string): void;
  /** erase it, before a normal line is printed or at the end */
  clear(): void;
}

/** The fewest characters of the live line shown, whatever width the terminal reports. */
export const READABLE_WIDTH = 60;

/**
 * The live progress line of a terminal: `\r` plus "erase line", at most every 100 ms. Only for a TTY
 * outside CI; CI logs get the one line per endpoint group and the summary, nothing redrawn.
 */
export function liveLine(write: (chunk: string) => void, columns?: number, minIntervalMs = 100): LiveLine {
  let shown = false;
  let last = 0;
  // a terminal that reports no width (0 on a pseudo-terminal) or a tiny one still gets a readable line
  const width = Math.max(READABLE_WIDTH, columns !== undefined && columns > 0 ? columns - 1 : 79);
  return {
    update(text) {
      const now = Date.now();
      if (shown && now - last < minIntervalMs) return;
      last = now;
      write(`\r\x1b[2K${text.slice(0, width)}`);
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
