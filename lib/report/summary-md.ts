import type { FixturesKnowledge } from '../target/fixtures-in-use.js';
import { NO_WRAPPING, type Wrapping } from './spec-words.js';
import type { ConformanceReport } from './conformance-json.js';
import { knownDeviationLines, MAX_SUMMARY_BYTES, newDeviationLines, size } from './summary-deviations.js';

export { MAX_SUMMARY_BYTES } from './summary-deviations.js';
import {
  blockers,
  deviations,
  groupCounts,
  groupMark,
  NOT_APPLICABLE_TITLE,
  notApplicableChecks,
  unblockLine,
} from './groups.js';
import type { CheckResult } from '../check/result.js';
import { causeLine } from './root-causes.js';
import { inertCode, inertMarkdown } from './inert.js';
import { NOT_SENT_TITLE, notSentLines, rateLimitLine } from './not-sent-block.js';
import { RECORD_CHANGES_TITLE, recordChangeLines, recordChangesIntro } from './record-changes-block.js';
import { lacking, untestedPhrase } from '../certificate/verdict.js';
import { suppliedHead, toComplete } from './to-complete.js';
import { otherReadingOf } from '../catalogue/reading.js';
import type { Catalogue } from '../catalogue/catalogue.js';

const VERDICT = {
  conforms: '✅ conforms',
  'does not conform': '❌ does not conform',
  incomplete: '⚠️ incomplete',
} as const;
const MARK = { '✗': '❌', '!': '⚠️', '–': '➖', '✓': '✅' } as const;

/** Text safe inside a Markdown table cell or list item: one line, rendered as the text it is (lib/report/inert.ts). */
const md = inertMarkdown;
/** Text inside a code span. */
const code = inertCode;

/** Links a summary may carry: the CI run whose artifacts hold the whole report folder. */
export interface SummaryLinks {
  /** `$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/actions/runs/$GITHUB_RUN_ID` */
  runUrl?: string;
  /** how the spec's bodies wrap what they carry, for the sentence a failure broke (the Spec's judges) */
  wrapping?: Wrapping;
  /** the spec's fixtures file, for what each key the run lacks is and how to get it */
  fixturesFile?: FixturesKnowledge;
  /** the spec's rule catalogue, for the other reading of a strict-reading rule (none told: none named) */
  catalogue?: Catalogue;
}

/**
 * summary.md, which CI shows on the run's page (it is also appended to $GITHUB_STEP_SUMMARY): what a
 * reader acts on first, in order. The verdict; what changed on the user's records; the root causes
 * (top 20, with counts); the blocked set-up steps; the NEW deviations, each with its curl line before
 * its bodies; then, folded, the known ones (with their baseline entries), the endpoint groups and the
 * skips. Leftover records are counted, their ids left to conformance.json. It stays under
 * MAX_SUMMARY_BYTES whatever the run: past that, the rest is left to report.html.
 */
export function summaryMarkdown(report: ConformanceReport, links: SummaryLinks = {}): string {
  const out: string[] = [];
  headLines(report, links, out);
  stopLines(report, out);
  countLines(report, out);
  recordChangesSection(report, out);
  out.push(...rootCauseLines(report));
  blockedLines(report, out);
  const all = deviations(report.checks);
  newDeviationLines(all, out, links.wrapping ?? NO_WRAPPING);
  knownDeviationLines(all, out);
  baselineLines(report, out);
  out.push(
    ...strictLines(
      all.filter((d) => d.reading === 'strict'),
      report.certificate.reading,
      links.catalogue,
    ),
  );
  groupTable(report, out);
  out.push(...toCompleteLines(report, () => size(out), links.fixturesFile));
  notApplicableLines(report, out);
  leftoverLines(report, out);
  return capped(out.join('\n') + '\n');
}

/** The verdict, the run in one line, and where the whole report is. */
function headLines(report: ConformanceReport, links: SummaryLinks, out: string[]): void {
  const c = report.certificate;
  out.push(`## Public Records API ${c.specVersion} conformance: ${VERDICT[c.verdict]}`);
  out.push('');
  out.push(
    `Target \`${code(c.target)}\` · run \`${code(report.run.runId)}\` · suite ${md(c.suiteVersion)} · ${md(c.date)} · ${(report.run.durationMs / 1000).toFixed(1)} s · ${report.requests.total} requests (${report.run.rateLimitRetries} rate-limit retries${lowered(report)})`,
  );
  out.push('');
  if (links.runUrl)
    out.push(
      `The whole report (report.html, conformance.json, junit.xml): the artifacts of [this run](${links.runUrl}).`,
      '',
    );
}

/** An interruption, a stop, the server's pace, and what the stopped run could not send. */
function stopLines(report: ConformanceReport, out: string[]): void {
  if (report.run.interrupted) out.push(`**Interrupted (${report.run.interrupted}): a partial report.**`, '');
  if (report.run.stoppedBy) out.push(`**The run stopped sending: ${md(report.run.stoppedBy)}.**`, '');
  const limited = rateLimitLine(report);
  if (limited) out.push(md(limited), '');
  const notSent = notSentLines(report);
  if (notSent.lines.length === 0) return;
  out.push(`### ${NOT_SENT_TITLE} (${notSent.lines.length})`, '');
  for (const why of notSent.why) out.push(md(why), '');
  for (const line of notSent.lines.slice(0, 20)) out.push(`- ${md(line)}`);
  if (notSent.lines.length > 20)
    out.push(`- … and ${notSent.lines.length - 20} more (conformance.json \`run.notSent\`)`);
  out.push('');
}

/** What an incomplete run did not test, then the counts by level and status. */
function countLines(report: ConformanceReport, out: string[]): void {
  const c = report.certificate;
  const s = report.summary;
  const reading =
    c.reading === 'strict'
      ? ' · judged under --strict'
      : c.strictFailed > 0
        ? ` · ${c.strictFailed} failed under a strict reading (not counted)`
        : '';
  const done = c.completeness;
  const untested = untestedPhrase(c.untested ?? []);
  if (c.verdict === 'incomplete' && done)
    out.push(
      `**Incomplete: ${done.mustRan} of ${done.mustChecks} MUST checks ran; not tested: ${md(lacking(done).join(', '))}.**${untested ? ` ${md(untested)}.` : ''} The server is not certified for what was not tested: see "To complete this run" below.`,
      '',
    );
  out.push(
    `MUST ${c.must.passed}/${c.must.total} passed${reading} · SHOULD ${c.should.passed}/${c.should.total} passed · ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.blocked ?? 0} blocked${s.notApplicable ? `, ${s.notApplicable} not applicable` : ''} · fingerprint \`${c.fingerprint.slice(0, 16)}\``,
  );
  out.push('');
}

/** What the server changed on the user's kept records. */
function recordChangesSection(report: ConformanceReport, out: string[]): void {
  const changed = report.recordChanges ?? [];
  if (changed.length === 0) return;
  out.push(`### ⚠ ${RECORD_CHANGES_TITLE}`, '', md(recordChangesIntro(changed)), '');
  for (const line of recordChangeLines(changed)) out.push(`- ${md(line)}`);
  out.push('');
}

/** The checks not applicable, each with the answers that show it: never what makes a run incomplete. */
function notApplicableLines(report: ConformanceReport, out: string[]): void {
  const na = notApplicableChecks(report.checks);
  if (na.length === 0) return;
  out.push(`### ${NOT_APPLICABLE_TITLE} (${na.length})`, '');
  for (const c of na.slice(0, 30)) out.push(`- \`${code(c.id)}\` (${c.level}) ${md(c.title)}: ${md(c.message)}`);
  if (na.length > 30) out.push(`- … and ${na.length - 30} more in conformance.json`);
  out.push('');
}

/** The set-up steps that blocked checks, each with the first checks it blocked, and how to unblock them. */
function blockedLines(report: ConformanceReport, out: string[]): void {
  const steps = blockers(report.checks);
  if (steps.length === 0) return;
  out.push(
    `### Blocked (${report.summary.blocked ?? 0} checks by ${steps.length} set-up step${steps.length === 1 ? '' : 's'})`,
    '',
  );
  out.push('Not deviations of their own rules: a step they depend on failed, so their rules were not tested.', '');
  for (const b of steps) {
    out.push(
      `- \`${code(b.step)}\` answered ${md(b.answer)}${b.fixture ? ` (fixtures \`${code(b.fixture)}\`)` : ''}: ${b.checks.length} check${b.checks.length === 1 ? '' : 's'} blocked`,
    );
    for (const k of b.checks.slice(0, 5)) out.push(`  - ${k.level} \`${code(k.id)}\`: ${md(k.title)}`);
    if (b.checks.length > 5) out.push(`  - … and ${b.checks.length - 5} more`);
  }
  out.push('', `**To unblock:** ${steps.map((b) => md(unblockLine(b))).join(' · ')}`, '');
}

/** Baseline entries that are stale or expired: what to remove or renew. */
function baselineLines(report: ConformanceReport, out: string[]): void {
  const b = report.baseline;
  if (!b || (b.stale.length === 0 && b.expired.length === 0)) return;
  out.push(`### Baseline entries to update (${b.stale.length + b.expired.length})`, '');
  for (const e of b.stale)
    out.push(`- stale: \`${code(e.rule)}\` passes now${e.retired ? ' (retired)' : ''}: remove it (${md(e.reason)})`);
  for (const e of b.expired)
    out.push(
      `- expired ${md(e.expires)}: \`${code(e.rule)}\` (${md(e.reason)}${e.ticket ? `, ${md(e.ticket)}` : ''}): renew or fix`,
    );
  out.push('');
}

/** The endpoint groups' counts, folded. */
function groupTable(report: ConformanceReport, out: string[]): void {
  const s = report.summary;
  out.push('<details><summary>Endpoint groups</summary>', '');
  out.push('| endpoint group | passed | failed | skipped | blocked |');
  out.push('|---|---:|---:|---:|---:|');
  for (const g of groupCounts(report.checks))
    out.push(`| ${MARK[groupMark(g)]} ${md(g.group)} | ${g.passed} | ${g.failed} | ${g.skipped} | ${g.blocked} |`);
  out.push(`| **total** | **${s.passed}** | **${s.failed}** | **${s.skipped}** | **${s.blocked ?? 0}** |`);
  out.push('', '</details>', '');
}

/** The leftovers, counted by type; the ids are in conformance.json and the ledger: a clean summary fits a screen. */
function leftoverLines(report: ConformanceReport, out: string[]): void {
  if (report.leftovers.length === 0) return;
  const byType = new Map<string, number>();
  for (const l of report.leftovers) byType.set(l.type, (byType.get(l.type) ?? 0) + 1);
  const counts = [...byType].map(([t, n]) => `${n} ${md(t)}${n === 1 ? '' : 's'}`).join(', ');
  out.push(
    `Leftovers: ${report.leftovers.length} records the API gives no way to archive (${counts}), tagged with run \`${code(report.run.runId)}\`; their ids are in conformance.json (\`leftovers\`).`,
  );
}

/** The root causes (top 20), each with the operations it showed at. */
function rootCauseLines(report: ConformanceReport): string[] {
  const out: string[] = [];
  const causes = (report.rootCauses ?? []).filter((x) => x.reading !== 'strict');
  if (causes.length === 0) return out;
  out.push(`### Root causes (${causes.length})`, '');
  out.push(
    'Each a rule broken in one way, with the operations it showed at and the checks it failed and blocked (each check counted once):',
    '',
  );
  for (const cause of causes.slice(0, 20)) {
    out.push(`- ${cause.baselined ? 'known' : '**new**'} · ${md(causeLine(cause))}`);
    const ops = cause.operations ?? [cause.operation];
    if (ops.length > 1) out.push(`  - at ${ops.length} operations: ${ops.map((o) => `\`${code(o)}\``).join(', ')}`);
  }
  if (causes.length > 20) out.push(`- … and ${causes.length - 20} more in conformance.json`);
  out.push('');
  return out;
}

/** The failures under a strict reading, apart, each with the other reading. */
function strictLines(
  strict: readonly CheckResult[],
  reading: 'default' | 'strict',
  catalogue: Catalogue | undefined,
): string[] {
  if (strict.length === 0) return [];
  const fatal =
    reading === 'strict'
      ? 'this run was judged under --strict, so they count against it'
      : 'not deviations without --strict';
  const out = [`### Under a strict reading (${strict.length}): ${fatal}`, ''];
  out.push("The spec's sentence has another reasonable reading, under which the server's answer conforms:", '');
  for (const d of strict) {
    out.push(
      `- ⚠️ **${d.level}, strict reading** \`${code(d.id)}\` (${md(d.endpoint)}): ${md(d.title)}: ${md(expectedVsActualText(d))}`,
    );
    const other = catalogue && otherReadingOf(catalogue, d.id);
    if (other) out.push(`  - the other reading: ${md(other)}`);
  }
  out.push('');
  return out;
}

/** "To complete this run": the skips grouped by what the user supplies, within the summary's size. */
function toCompleteLines(
  report: ConformanceReport,
  used: () => number,
  fixturesFile: FixturesKnowledge | undefined,
): string[] {
  const lacks = toComplete(report.checks, fixturesFile);
  if (lacks.length === 0) return [];
  const out = [`### To complete this run (${report.summary.skipped} skipped)`, ''];
  out.push('What the run lacks, by what you supply, each with the checks it unlocks:', '');
  for (const item of lacks) {
    if (used() + Buffer.byteLength(out.join('\n')) > MAX_SUMMARY_BYTES - 2_000) {
      out.push('- … and more in report.html');
      break;
    }
    out.push(`- ${md(suppliedHead(item))}`);
    for (const p of item.problems.slice(0, 3)) out.push(`  - ${item.kind === 'unnamed' ? 'why' : 'wrong'}: ${md(p)}`);
    if (item.kind !== 'unnamed' && item.what) out.push(`  - what: ${md(item.what)}`);
    if (item.kind !== 'unnamed' && item.how) out.push(`  - how: ${md(item.how)}`);
  }
  out.push('');
  return out;
}

/** The last resort: cut at a line, close what is open, and say where the rest is. */
function capped(text: string): string {
  if (Buffer.byteLength(text) <= MAX_SUMMARY_BYTES) return text;
  const note =
    '\n\n</details>\n\n… cut here to stay under 64 KB: the whole report is in report.html and conformance.json.\n';
  let cut = text.slice(0, MAX_SUMMARY_BYTES - 2_000);
  while (Buffer.byteLength(cut) > MAX_SUMMARY_BYTES - 2_000) cut = cut.slice(0, -1_000);
  return cut.slice(0, cut.lastIndexOf('\n')) + note;
}

/** `; concurrency 8 → 2, settled at 3` when 429s lowered it, else nothing. */
function lowered(report: ConformanceReport): string {
  const c = report.run.concurrency;
  return c && c.lowest < (c.start ?? c.configured)
    ? `; concurrency ${c.start ?? c.configured} → ${c.lowest}, settled at ${c.settled}`
    : '';
}

function expectedVsActualText(d: { expected?: string; actual?: string; message: string }): string {
  return d.expected !== undefined ? `expected ${d.expected}; got ${d.actual ?? '?'}` : d.message;
}
