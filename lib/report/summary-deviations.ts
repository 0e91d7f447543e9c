// summary.md's deviations (lib/report/summary-md.ts): the new ones with their reproducers, the known ones.
import type { CheckResult } from '../check/result.js';
import { RERUN_NOTE } from '../evidence/rerun.js';
import { exchangeLine, failingExchange, requestText, responseText } from './exchange-text.js';
import { ciInertLines, inertCode, inertMarkdown } from './inert.js';
import { brokenSentence, type Wrapping } from './spec-words.js';

/** Text safe inside a Markdown table cell or list item: one line, rendered as the text it is (lib/report/inert.ts). */
const md = inertMarkdown;
/** Text inside a code span. */
const code = inertCode;

/** GitHub shows at most 1 MiB of a step summary; a summary a reader scrolls is no summary. */
export const MAX_SUMMARY_BYTES = 64_000;

export function size(lines: readonly string[]): number {
  return Buffer.byteLength(lines.join('\n'));
}

/** The new deviations, each with its lines and, for the first ones, its reproducer; within the summary's size. */
export function newDeviationLines(all: readonly CheckResult[], out: string[], w: Wrapping): void {
  const devs = all.filter((d) => d.reading !== 'strict');
  const fresh = devs.filter((d) => !d.baselined);
  out.push(`### New deviations (${fresh.length})`, '');
  if (fresh.length === 0) out.push(devs.length > 0 ? 'None: every deviation is in the baseline.' : 'None.');
  let reproducers = 0;
  for (const d of fresh) {
    if (size(out) > MAX_SUMMARY_BYTES - 8_000) {
      out.push(`- … and ${fresh.length - fresh.indexOf(d)} more in report.html and conformance.json`);
      break;
    }
    out.push(...deviationLines(d, w));
    if (reproducers < MAX_REPRODUCERS && size(out) < MAX_SUMMARY_BYTES / 2) {
      out.push(...reproducer(d));
      reproducers += 1;
    }
  }
  if (reproducers < fresh.length && reproducers > 0) {
    out.push(
      '',
      `The exchanges of the deviations past the first ${reproducers} are in conformance.json and report.html.`,
    );
  }
  out.push('');
}

/** The known deviations, folded, each with its baseline entry. */
export function knownDeviationLines(all: readonly CheckResult[], out: string[]): void {
  const known = all.filter((d) => d.reading !== 'strict' && d.baselined);
  if (known.length === 0) return;
  out.push(`<details><summary>Known deviations (${known.length}): in the baseline, not failing the gate</summary>`, '');
  for (const d of known) {
    if (size(out) > MAX_SUMMARY_BYTES - 6_000) {
      out.push('- … and more in report.html');
      break;
    }
    const k = d.knownAs;
    const entry = k
      ? `${md(k.reason)}${k.ticket ? ` (${md(k.ticket)})` : ''}${k.expires ? `, until ${md(k.expires)}` : ''}`
      : 'blocked by a known deviation';
    out.push(`- **${d.level}** \`${code(d.id)}\` (${md(d.endpoint)}): ${md(d.title)} · known: ${entry}`);
  }
  out.push('', '</details>', '');
}

/**
 * One deviation's lines: rule, level, operation, title; the spec's sentence it broke; expected and
 * actual; the check that found it; how to rerun exactly that check; what became of its records.
 */
function deviationLines(d: CheckResult, w: Wrapping): string[] {
  const out = [`- **${d.level}** \`${code(d.id)}\` (${md(d.endpoint)}): ${md(d.title)}`];
  const v = d.violations?.[0];
  const broken = brokenSentence(
    d.quote,
    {
      expected: v?.expected ?? d.expected ?? '',
      actual: v?.actual ?? d.actual ?? d.message,
      ...(v?.at !== undefined ? { at: v.at } : {}),
    },
    w,
  );
  out.push(`  - spec (${md(d.section)}): ${broken.where ? `${md(broken.where)}: ` : ''}${md(broken.sentence)}`);
  if (broken.clause) out.push(`  - what it asks here: ${md(broken.clause.replace(/`/g, ''))}`);
  if (d.expected !== undefined) out.push(`  - expected: ${md(d.expected)}`, `  - actual: ${md(d.actual ?? '?')}`);
  else out.push(`  - ${md(d.message)}`);
  if (v?.at) out.push(`  - at: ${md(v.at)} in the response body`);
  const found = d.finding?.checks ?? [];
  if (found.length > 0)
    out.push(`  - found by: ${md(found[0]!)}${found.length > 1 ? ` (and ${found.length - 1} other checks)` : ''}`);
  if (d.rerun) out.push(`  - rerun: \`${d.rerun}\` (${RERUN_NOTE})`);
  const r = d.records;
  if (r && r.archived.length > 0)
    out.push(
      `  - records: the run archived ${r.archived.length} record(s) this check made (${md(
        r.archived
          .map((x) => `${x.type} ${x.id}`)
          .slice(0, 3)
          .join(', '),
      )}) when it ended: a reproducer naming one may answer 404 now; \`--keep-failing\` keeps them`,
    );
  if (r && r.kept.length > 0)
    out.push(
      `  - records: kept for the reproducers (--keep-failing): ${md(
        r.kept
          .map((x) => `${x.type} ${x.id}`)
          .slice(0, 3)
          .join(', '),
      )}`,
    );
  return out;
}

/**
 * Summary bodies are cut here, and only the first deviations get their exchange: GitHub takes at
 * most 1 MiB of $GITHUB_STEP_SUMMARY, and conformance.json and report.html have it all.
 */
const MAX_BODY_CHARS = 2000;
const MAX_REPRODUCERS = 20;

/** A fence longer than any run of backticks in the text, so the text cannot close it. */
function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

function codeBlock(lang: string, text: string): string[] {
  const f = fence(text);
  // split at every line break a Markdown renderer honours (a bare CR too), or a line could leave the fence
  return ['', `  ${f}${lang}`, ...ciInertLines(text).map((l) => `  ${l}`), `  ${f}`];
}

/** A deviation's failing exchange and its curl command, folded (raw HTML is how GitHub folds Markdown). */
function reproducer(d: CheckResult): string[] {
  const ex = failingExchange(d);
  if (!ex) return [];
  const out = [
    `  <details><summary>${md(exchangeLine(ex))}: the exchange and a curl command that sends it again</summary>`,
  ];
  // the command first: it is what a reader copies; the bodies after it are the evidence
  if (ex.curl && ex.curl.length <= MAX_BODY_CHARS * 2) out.push(...codeBlock('sh', ex.curl));
  else if (ex.curl) out.push('', `  The curl command (${ex.curl.length} characters) is in conformance.json.`);
  out.push(...codeBlock('http', `${requestText(ex, MAX_BODY_CHARS)}\n\n${responseText(ex, MAX_BODY_CHARS)}`));
  out.push('', '  </details>');
  return out;
}
