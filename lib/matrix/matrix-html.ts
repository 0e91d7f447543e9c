import path from 'node:path';
import { htmlEscape as e } from '../report/html-escape.js';
import type { Matrix } from './matrix.js';

const MARK = { passed: '✓', failed: '✗', blocked: '!', skipped: '–', 'not run': '·' } as const;

/** The report.html anchor of a rule's row (as lib/report/html.ts writes it). */
const ruleAnchor = (id: string) => `rule-${id.replace(/[^A-Za-z0-9_.-]/g, '_')}`;

/**
 * matrix.html: self-contained (inline style, no script, nothing loaded), every text escaped. Each
 * failed cell links to that rule's evidence in the folder's report.html, relative to the matrix.
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
  const link = (dir: string, id: string) => `${reportOf(dir)}#${ruleAnchor(id)}`;
  const heads = m.implementations
    .map(
      (imp) =>
        `<th><a href="${e(reportOf(imp.dir))}">${e(imp.dir)}</a>` +
        `<div class="n">${e(imp.target)}<br>${e(imp.verdict)} · MUST ${imp.score.passed}/${imp.score.tested} passed` +
        `${imp.score.tested < imp.score.of ? ` (${imp.score.of - imp.score.tested} not tested)` : ''}<br>suite ${e(imp.suiteVersion)} · ${e(imp.date)}</div></th>`,
    )
    .join('');
  const rows = m.rules
    .map((r) => {
      const cells = r.outcomes
        .map((o, i) => {
          const text = `${MARK[o]} ${o}`;
          const cell =
            o === 'failed' ? `<a href="${e(link(m.implementations[i]!.dir, r.id))}">${e(text)}</a>` : e(text);
          return `<td class="${o.replace(' ', '-')}">${cell}</td>`;
        })
        .join('');
      const flag = r.failsEverywhere
        ? ' <span class="flag" title="every implementation fails it">fails everywhere: check the spec\'s sentence and the suite\'s check</span>'
        : '';
      return `<tr${r.failsEverywhere ? ' class="everywhere"' : ''}><th scope="row"><span class="lv">${e(r.level)}</span> ${e(r.id)}${flag}</th>${cells}</tr>`;
    })
    .join('\n');
  const flagged = m.rules.filter((r) => r.failsEverywhere).length;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Public Records API v2: implementations matrix</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#202124;overflow-wrap:anywhere}
.wrap{overflow-x:auto}table{border-collapse:collapse}th,td{border:1px solid #dadce0;padding:3px 8px;text-align:left;vertical-align:top}
thead th{background:#f8f9fa;min-width:160px}.n{color:#5f6368;font-size:12px;font-weight:400}
td.passed{color:#2e7d32}td.failed{background:#fdecea}td.failed a{color:#c62828;font-weight:600}td.blocked{color:#b26a00}
td.skipped,td.not-run{color:#5f6368}.lv{font-size:11px;border:1px solid #dadce0;border-radius:4px;padding:0 4px;color:#5f6368}
tr.everywhere th{background:#fff3cd}.flag{font-size:12px;color:#6b4e00}
</style></head><body>
<h1>Public Records API v2: implementations matrix</h1>
<p>${m.implementations.length} report folders, ${m.rules.length} rules of the catalogue.${flagged > 0 ? ` ${flagged} rule(s) fail on every implementation: flagged below, worth a look at the spec and the suite.` : ''}</p>
<div class="wrap"><table><thead><tr><th>rule</th>${heads}</tr></thead><tbody>
${rows}
</tbody></table></div></body></html>
`;
}
