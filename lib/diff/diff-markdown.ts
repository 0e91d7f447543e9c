import { inertCode, inertMarkdown } from '../report/inert.js';
import { hasRegression, type CheckChange, type ContractChange, type ReportDiff } from './report-diff.js';

/** Text safe in a Markdown table cell or list item: one line, rendered as the text it is (as summary.md has it). */
const cell = inertMarkdown;
/** Text inside a code span. */
const code = inertCode;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `2 regressions, 1 fix, …`: the one line a console and diff.md both start with. */
export function diffCounts(d: ReportDiff): string {
  return [
    plural(d.newDeviations.length, 'new deviation'),
    plural(d.regressions.length, 'regression'),
    plural(d.fixes.length, 'fix', 'fixes'),
    `${d.added.length} new`,
    `${d.gone.length} gone`,
    `${d.skippedDifferently.length} skipped differently`,
    plural(d.otherChanges.length, 'other change'),
    plural(d.contract.length, 'observed-contract change'),
  ].join(', ');
}

/** One check as a list item: a list, unlike a six-column table, fits GitHub's page width. */
function checkItem(c: CheckChange): string[] {
  const head = `- **${cell(c.level)}** \`${code(c.id)}\` ${cell(c.title)} (${cell(c.endpoint)}): ${cell(c.before ?? 'new')} → ${cell(c.after ?? 'gone')}`;
  return c.detail ? [head, `  - ${cell(c.detail)}`] : [head];
}

/**
 * The checks as a list; those blocked by one step are grouped under it (one cause, one line), the
 * first few named: 41 checks blocked by one failing create are one regression to fix, not 41.
 */
function checkList(rows: readonly CheckChange[]): string[] {
  const out: string[] = [];
  const byStep = new Map<string, CheckChange[]>();
  for (const c of rows) {
    const step = c.after === 'blocked' ? c.detail : undefined;
    if (step === undefined) out.push(...checkItem(c));
    else byStep.set(step, [...(byStep.get(step) ?? []), c]);
  }
  for (const [step, checks] of byStep) {
    out.push(`- ${plural(checks.length, 'check')} ${cell(step)}:`);
    for (const c of checks.slice(0, 5)) out.push(`  - ${cell(c.level)} \`${code(c.id)}\` ${cell(c.title)}`);
    if (checks.length > 5) out.push(`  - … and ${checks.length - 5} more`);
  }
  return out;
}

function contractTable(rows: readonly ContractChange[]): string[] {
  const set = (s: string[]) => (s.length === 0 ? 'not seen' : cell(s.join(', ')));
  return [
    '| what | operation or code | before | after |',
    '|---|---|---|---|',
    ...rows.map((c) => `| ${cell(c.kind)} | \`${code(c.name)}\` | ${set(c.before)} | ${set(c.after)} |`),
  ];
}

/**
 * diff.md: what changed since the last run, new deviations and regressions first (what to act on), then fixes, checks
 * new and gone, checks skipped differently, other changes of status, and the observed contract.
 */
export function diffMarkdown(d: ReportDiff): string {
  const out = [`## Conformance diff: ${hasRegression(d) ? '❌' : '✅'} ${diffCounts(d)}`, ''];
  out.push(
    `Before: run \`${code(d.old.runId)}\` (${cell(d.old.date)}, suite ${cell(d.old.suiteVersion)}, ${cell(d.old.verdict)}) · after: run \`${code(d.new.runId)}\` (${cell(d.new.date)}, suite ${cell(d.new.suiteVersion)}, ${cell(d.new.verdict)}) · ${d.unchanged} checks unchanged`,
  );
  if (d.old.target !== d.new.target && !(d.old.embedded && d.new.embedded))
    out.push('', `The runs had different targets: \`${code(d.old.target)}\` and \`${code(d.new.target)}\`.`);
  if (d.old.suiteVersion !== d.new.suiteVersion)
    out.push(
      '',
      `Different suite versions: checks are matched by rule id and title, so a check renamed shows as gone and new.`,
    );
  const section = (title: string, rows: readonly CheckChange[], note?: string) => {
    if (rows.length === 0) return;
    out.push('', `### ${title} (${rows.length})`, '');
    if (note) out.push(note, '');
    out.push(...checkList(rows));
  };
  section(
    'New deviations',
    d.newDeviations,
    'Skipped or blocked before (the earlier run could not test them), failed now: deviations the earlier run could not see.',
  );
  section('Regressions', d.regressions, 'Passed before, failed or blocked now.');
  section('Fixes', d.fixes, 'Failed before, passed now.');
  section('New checks', d.added);
  section('Gone checks', d.gone);
  section('Skipped differently', d.skippedDifferently);
  section('Other changes of status', d.otherChanges);
  if (d.contract.length > 0)
    out.push(
      '',
      `### Observed contract changes (${d.contract.length})`,
      '',
      'Where the spec is silent, the statuses the server answered with.',
      '',
      ...contractTable(d.contract),
    );
  return out.join('\n') + '\n';
}
