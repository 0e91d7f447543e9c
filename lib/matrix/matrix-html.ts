import path from 'node:path';
import { htmlEscape as e } from '../report/html-escape.js';
import type { Matrix, MatrixOutcome } from './matrix.js';

const MARK: Record<MatrixOutcome, string> = {
  passed: '✓',
  failed: '✗',
  strict: '~',
  blocked: '!',
  skipped: '–',
  'not applicable': '∅',
  'not run': '·',
};
const WORD: Record<MatrixOutcome, string> = {
  passed: 'passed',
  failed: 'failed',
  strict: 'strict reading',
  blocked: 'blocked',
  skipped: 'skipped',
  'not applicable': 'not applicable',
  'not run': 'not run',
};

/** The report.html anchor of a rule's row (as lib/report/html.ts writes it). */
const ruleAnchor = (id: string) => `rule-${id.replace(/[^A-Za-z0-9_.-]/g, '_')}`;

/** Text a line may break after a dot, a colon or a slash only: a host or a rule id, never mid-word. */
const breakable = (s: string) =>
  s
    .split(/(?<=[.:/_-])/)
    .map((p) => e(p))
    .join('<wbr>');

/**
 * matrix.html: self-contained (inline style, no script, nothing loaded), every text escaped. Columns
 * headed by each implementation's target host; the rules whose outcomes differ between
 * implementations first (what tells the servers apart), then the rest. Each failed (or strict-reading)
 * cell links to that rule's evidence in the folder's report.html, relative to the matrix. Narrow
 * screens get the marks alone (a legend above says what each means): nothing scrolls sideways.
 */
export function matrixHtml(m: Matrix, o: { outDir: string; cwd: string }): string {
  // a folder's report.html, relative to the matrix file, so the pair can be moved together
  const reportOf = (dir: string) =>
    encodeURI(
      path
        .relative(o.outDir, path.resolve(o.cwd, dir, 'report.html'))
        .split(path.sep)
        .join('/'),
    );
  const heads = m.implementations.map((imp) => columnHead(imp, reportOf(imp.dir))).join('');
  const row = (r: Matrix['rules'][number]) =>
    ruleRow(
      r,
      m.implementations.map((imp) => reportOf(imp.dir)),
    );
  const differing = m.rules.filter((r) => r.differs);
  const same = m.rules.filter((r) => !r.differs);
  const span = m.implementations.length + 1;
  const body = [
    ...(differing.length > 0
      ? [
          `<tr class="part"><th colspan="${span}">Rules whose outcome differs (${differing.length})</th></tr>`,
          ...differing.map(row),
        ]
      : []),
    `<tr class="part"><th colspan="${span}">Rules with the same outcome everywhere (${same.length})</th></tr>`,
    ...same.map(row),
  ].join('\n');
  const flagged = m.rules.filter((r) => r.failsEverywhere).length;
  const legend = (Object.keys(MARK) as MatrixOutcome[]).map((k) => `${MARK[k]} ${WORD[k]}`).join(' · ');
  return `${HEAD}
<h1>Public Records API v2: implementations matrix</h1>
<p>${m.implementations.length} report folders, ${m.rules.length} rules of the catalogue, ${differing.length} with outcomes that differ (first).${flagged > 0 ? ` ${flagged} rule(s) fail on every implementation: flagged below, worth a look at the spec and the suite.` : ''} A rule failed only under a strict reading of its sentence is shown apart (~), and counted in no score.</p>
<p class="n">${e(legend)}</p>
<table><thead><tr><th scope="col">rule</th>${heads}</tr></thead><tbody>
${body}
</tbody></table></body></html>
`;
}

/** An implementation's column head: its host, its folder (linking its report.html), verdict and MUST score. */
function columnHead(imp: Matrix['implementations'][number], report: string): string {
  const untested = imp.score.tested < imp.score.of ? ` (${imp.score.of - imp.score.tested} not tested)` : '';
  return (
    `<th scope="col"><span class="host">${breakable(imp.host)}</span>` +
    `<div class="n"><a href="${e(report)}">${breakable(imp.dir)}</a><br>${e(imp.verdict)} · MUST ${imp.score.passed}/${imp.score.tested}` +
    `${untested}<span class="wide"><br>suite ${e(imp.suiteVersion)} · ${e(imp.date)}</span></div></th>`
  );
}

/** A rule's row: its level and id, flagged when every implementation fails it; a failed cell links the evidence. */
function ruleRow(r: Matrix['rules'][number], reports: readonly string[]): string {
  const cells = r.outcomes
    .map((x, i) => {
      const text = `${MARK[x]}<span class="word"> ${e(WORD[x])}</span>`;
      const cell =
        x === 'failed' || x === 'strict'
          ? `<a href="${e(`${reports[i]!}#${ruleAnchor(r.id)}`)}" title="${e(WORD[x])}">${text}</a>`
          : `<span title="${e(WORD[x])}">${text}</span>`;
      return `<td class="${x.replace(' ', '-')}">${cell}</td>`;
    })
    .join('');
  const flag = r.failsEverywhere
    ? ' <span class="flag" title="every implementation fails it">fails everywhere: check the spec\'s sentence and the suite\'s check</span>'
    : '';
  const cls = [r.failsEverywhere ? 'everywhere' : '', r.differs ? 'differs' : ''].filter(Boolean).join(' ');
  return `<tr${cls ? ` class="${cls}"` : ''}><th scope="row"><span class="lv">${e(r.level)}</span> ${breakable(r.id)}${flag}</th>${cells}</tr>`;
}

/** The page's head and style: self-contained, nothing loaded, no script. */
const HEAD = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Public Records API v2: implementations matrix</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#202124}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #dadce0;padding:3px 8px;text-align:left;vertical-align:top}
thead th{background:#f8f9fa}.host{font-weight:600}.n{color:#5f6368;font-size:12px;font-weight:400}
.n a{overflow-wrap:anywhere}
td.passed{color:#2e7d32}td.failed{background:#fdecea}td.failed a{color:#c62828;font-weight:600}td.blocked{color:#b26a00}
td.strict{background:#fff3cd}td.strict a{color:#6b4e00;font-weight:600}
td.skipped,td.not-run{color:#5f6368}.lv{font-size:11px;border:1px solid #dadce0;border-radius:4px;padding:0 4px;color:#5f6368}
tr.everywhere th{background:#fff3cd}.flag{font-size:12px;color:#6b4e00}tr.part th{background:#eef0f2;font-weight:600}
td{white-space:nowrap}tbody th{font-weight:400;font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:12.5px}
@media (max-width:700px){body{margin:6px}h1{font-size:20px}th,td{padding:2px 3px}.word,.wide,.lv{display:none}
.flag{display:block}.host{font-size:11.5px}.n{font-size:11px}tbody th{font-size:11.5px}}
</style></head><body>`;
