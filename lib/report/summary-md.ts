import type { ConformanceReport } from './conformance-json.js';
import { blockers, deviations, groupCounts, groupMark, unblockLine } from './groups.js';
import { exchangeLine, failingExchange, requestText, responseText } from './exchange-text.js';
import { RERUN_NOTE } from '../evidence/rerun.js';
import type { CheckResult } from '../check/result.js';
import { causeLine } from './root-causes.js';
import { escapeControls, inertLines, LINE_BREAK } from './inert.js';
import { RECORD_CHANGES_TITLE, recordChangeLines, recordChangesIntro } from './record-changes-block.js';

const VERDICT = { conforms: '✅ conforms', 'does not conform': '❌ does not conform', incomplete: '⚠️ incomplete' } as const;
const MARK = { '✗': '❌', '!': '⚠️', '–': '➖', '✓': '✅' } as const;

/** Text safe inside a Markdown table cell or list item: one line, no pipes, no HTML. */
function md(s: string): string {
  return escapeControls(s.split(LINE_BREAK).join(' ')).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/`/g, "'")
    // a server's [text](url) or ![image](url) must stay text: no link, no image from another host
    .replace(/\[([^\]]*)\]\(/g, '\\[$1\\](');
}

/**
 * summary.md: the verdict, a table of endpoint groups (passed / failed / skipped), and every
 * deviation with its rule id, level, spec section and expected versus actual. The same text is
 * appended to $GITHUB_STEP_SUMMARY when that is set.
 */
export function summaryMarkdown(report: ConformanceReport): string {
  const c = report.certificate;
  const s = report.summary;
  const out: string[] = [];
  out.push(`## Public Records API ${c.specVersion} conformance: ${VERDICT[c.verdict]}`);
  out.push('');
  out.push(`Target \`${md(c.target)}\` · run \`${md(report.run.runId)}\` · suite ${md(c.suiteVersion)} · ${md(c.date)} · ${(report.run.durationMs / 1000).toFixed(1)} s · ${report.run.requestsSent} requests (${report.run.rateLimitRetries} rate-limit retries${lowered(report)})`);
  out.push('');
  if (report.run.interrupted) out.push(`**Interrupted (${report.run.interrupted}): a partial report.**`, '');
  if (report.run.stoppedBy) out.push(`**The run stopped sending: ${md(report.run.stoppedBy)}.**`, '');
  const reading = c.reading === 'strict' ? ' · judged under --strict' : c.strictFailed > 0 ? ` · ${c.strictFailed} failed under a strict reading (not counted)` : '';
  out.push(`MUST ${c.must.passed}/${c.must.total} passed${reading} · SHOULD ${c.should.passed}/${c.should.total} passed · ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.blocked ?? 0} blocked · fingerprint \`${c.fingerprint.slice(0, 16)}\``);
  out.push('');
  const changed = report.recordChanges ?? [];
  if (changed.length > 0) {
    out.push(`### ⚠ ${RECORD_CHANGES_TITLE}`, '', md(recordChangesIntro(changed)), '');
    for (const line of recordChangeLines(changed)) out.push(`- ${md(line)}`);
    out.push('');
  }
  const causes = report.rootCauses ?? [];
  if (causes.length > 0) {
    out.push(`### Root causes (${causes.length})`, '');
    out.push('Each a rule broken at one operation, in one way, with the checks it failed and blocked:', '');
    for (const cause of causes.slice(0, 20)) out.push(`- ${md(causeLine(cause))}`);
    if (causes.length > 20) out.push(`- … and ${causes.length - 20} more in conformance.json`);
    out.push('');
  }
  const steps = blockers(report.checks);
  if (steps.length > 0) {
    out.push(`**To unblock:** ${steps.map((b) => md(unblockLine(b))).join(' · ')}`);
    out.push('');
  }
  out.push('| endpoint group | passed | failed | skipped | blocked |');
  out.push('|---|---:|---:|---:|---:|');
  for (const g of groupCounts(report.checks)) out.push(`| ${MARK[groupMark(g)]} ${md(g.group)} | ${g.passed} | ${g.failed} | ${g.skipped} | ${g.blocked} |`);
  out.push(`| **total** | **${s.passed}** | **${s.failed}** | **${s.skipped}** | **${s.blocked ?? 0}** |`);
  out.push('');
  if (steps.length > 0) {
    out.push(`### Blocked (${s.blocked ?? 0} checks by ${steps.length} set-up step${steps.length === 1 ? '' : 's'})`, '');
    out.push('Not deviations of their own rules: a step they depend on failed, so their rules were not tested.', '');
    for (const b of steps) {
      out.push(`- \`${md(b.step)}\` answered ${md(b.answer)}${b.fixture ? ` (fixtures \`${md(b.fixture)}\`)` : ''}: ${b.checks.length} check${b.checks.length === 1 ? '' : 's'} blocked`);
      for (const k of b.checks.slice(0, 10)) out.push(`  - ${k.level} \`${md(k.id)}\`: ${md(k.title)}`);
      if (b.checks.length > 10) out.push(`  - … and ${b.checks.length - 10} more`);
    }
    out.push('');
  }
  const all = deviations(report.checks);
  const devs = all.filter((d) => d.reading !== 'strict');
  const strict = all.filter((d) => d.reading === 'strict');
  out.push(`### Deviations (${devs.length})`);
  out.push('');
  if (devs.length === 0) out.push('None.');
  devs.forEach((d, i) => {
    out.push(`- **${d.level}** \`${md(d.id)}\` (${md(d.endpoint)}): ${md(d.title)}`);
    if (d.expected !== undefined) out.push(`  - expected: ${md(d.expected)}`, `  - actual: ${md(d.actual ?? '?')}`);
    else out.push(`  - ${md(d.message)}`);
    out.push(`  - spec: ${md(d.section)}`);
    if (d.rerun) out.push(`  - rerun: \`${d.rerun}\` (${RERUN_NOTE})`);
    if (i < MAX_REPRODUCERS) out.push(...reproducer(d));
  });
  if (devs.length > MAX_REPRODUCERS) out.push('', `The exchanges of the deviations past the first ${MAX_REPRODUCERS} are in conformance.json and report.html.`);
  if (strict.length > 0) {
    const fatal = c.reading === 'strict' ? 'this run was judged under --strict, so they count against it' : 'they do not fail the run without --strict';
    out.push('', `### Deviations under a strict reading (${strict.length})`, '', `The spec's sentence has another reasonable reading (see each rule's catalogue entry); ${fatal}.`, '');
    for (const d of strict) out.push(`- **${d.level}** \`${md(d.id)}\` (${md(d.endpoint)}): ${md(d.title)}: ${md(expectedVsActualText(d))}`);
  }
  if (c.skipped.length > 0) {
    out.push('', `### Skipped (${c.skipped.length})`, '');
    for (const k of c.skipped) out.push(`- \`${md(k.id)}\`: ${md(k.reason)}`);
  }
  if (report.leftovers.length > 0) {
    // counted by type, the ids folded: a clean summary should fit a screen
    const byType = new Map<string, number>();
    for (const l of report.leftovers) byType.set(l.type, (byType.get(l.type) ?? 0) + 1);
    const counts = [...byType].map(([t, n]) => `${n} ${md(t)}${n === 1 ? '' : 's'}`).join(', ');
    out.push('', `### Leftovers (${report.leftovers.length})`, '', `Records the run created that the API gives no way to archive (${counts}), tagged with run \`${md(report.run.runId)}\`:`, '');
    out.push('<details><summary>their ids</summary>', '');
    for (const l of report.leftovers) out.push(`- ${md(l.type)} \`${md(l.id)}\` (${md(l.createdAt)})`);
    out.push('', '</details>');
  }
  return out.join('\n') + '\n';
}

/**
 * Summary bodies are cut here, and only the first deviations get their exchange: GitHub takes at
 * most 1 MiB of $GITHUB_STEP_SUMMARY, and conformance.json and report.html have it all.
 */
const MAX_BODY_CHARS = 2000;
const MAX_REPRODUCERS = 50;

/** A fence longer than any run of backticks in the text, so the text cannot close it. */
function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

function codeBlock(lang: string, text: string): string[] {
  const f = fence(text);
  // split at every line break a Markdown renderer honours (a bare CR too), or a line could leave the fence
  return ['', `  ${f}${lang}`, ...inertLines(text).map((l) => `  ${l}`), `  ${f}`];
}

/** A deviation's failing exchange and its curl command, folded (raw HTML is how GitHub folds Markdown). */
function reproducer(d: CheckResult): string[] {
  const ex = failingExchange(d);
  if (!ex) return [];
  const out = [`  <details><summary>${md(exchangeLine(ex))}: the exchange and a curl command that sends it again</summary>`];
  // the command first: it is what a reader copies; the bodies after it are the evidence
  if (ex.curl && ex.curl.length <= MAX_BODY_CHARS * 2) out.push(...codeBlock('sh', ex.curl));
  else if (ex.curl) out.push('', `  The curl command (${ex.curl.length} characters) is in conformance.json.`);
  out.push(...codeBlock('http', `${requestText(ex, MAX_BODY_CHARS)}\n\n${responseText(ex, MAX_BODY_CHARS)}`));
  out.push('', '  </details>');
  return out;
}

/** `; concurrency 8 → 2, settled at 3` when 429s lowered it, else nothing. */
function lowered(report: ConformanceReport): string {
  const c = report.run.concurrency;
  return c && c.lowest < c.configured ? `; concurrency ${c.configured} → ${c.lowest}, settled at ${c.settled}` : '';
}

function expectedVsActualText(d: { expected?: string; actual?: string; message: string }): string {
  return d.expected !== undefined ? `expected ${d.expected}; got ${d.actual ?? '?'}` : d.message;
}
