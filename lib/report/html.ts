import type { CheckResult } from './check-result.js';
import type { ConformanceReport } from './conformance-json.js';
import type { ReportExchange } from '../evidence/truncate.js';
import { byGroup, groupCounts, blockers, groupMark } from './groups.js';

/** HTML-escapes text for element content and quoted attributes. */
export function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const e = htmlEscape;

/** Ids safe as HTML id and fragment: the group names are file names, but make sure. */
function anchor(group: string): string {
  return `g-${group.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

const CSS = `
:root{--pass:#2e7d32;--fail:#c62828;--skip:#8d6e00;--mut:#5f6368;--line:#dadce0;--bg:#f8f9fa}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:0;color:#202124;background:#fff}
header{padding:16px 24px;border-bottom:1px solid var(--line);background:var(--bg)}
h1{font-size:20px;margin:0 0 4px}
.verdict{display:inline-block;padding:2px 10px;border-radius:12px;color:#fff;font-weight:600}
.verdict.conforms{background:var(--pass)}.verdict.does-not-conform{background:var(--fail)}.verdict.incomplete{background:#b26a00}
.meta{color:var(--mut);font-size:13px}
.meta code{font-size:12px}
main{padding:16px 24px;max-width:1200px}
table.matrix{border-collapse:collapse;margin:8px 0 16px}
table.matrix th,table.matrix td{border:1px solid var(--line);padding:4px 12px;text-align:right}
table.matrix th:first-child,table.matrix td:first-child{text-align:left}
table.matrix td.n-failed.nz{background:#fdecea;color:var(--fail);font-weight:600}
table.matrix td.n-passed.nz{color:var(--pass)}
table.matrix td.n-skipped.nz{color:var(--skip)}
table.matrix tfoot td{font-weight:600}
#filters{position:sticky;top:0;background:#fff;padding:8px 0;border-bottom:1px solid var(--line);z-index:1}
#filters fieldset{display:inline-block;border:1px solid var(--line);border-radius:6px;margin:0 12px 0 0;padding:2px 10px}
#filters legend{font-size:12px;color:var(--mut)}
#filters label{margin-right:10px;cursor:pointer}
#shown{color:var(--mut);font-size:13px}
h2{font-size:16px;margin:20px 0 6px}
.check{border:1px solid var(--line);border-radius:6px;margin:4px 0;padding:4px 10px}
.check.failed{border-color:#f5c6c2;background:#fffafa}
.check summary{cursor:pointer}
.st{display:inline-block;min-width:58px;font-size:11px;font-weight:700;text-transform:uppercase}
.st.passed{color:var(--pass)}.st.failed{color:var(--fail)}.st.skipped{color:var(--skip)}.st.blocked{color:#b26a00}
.lv{font-size:11px;border:1px solid var(--line);border-radius:4px;padding:0 4px;margin-right:4px;color:var(--mut)}
.id{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:12.5px}
.ep{color:var(--mut)}
.why{color:var(--mut);font-size:13px;margin-left:62px}
.evidence{margin:8px 0 6px 4px}
.evidence dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 8px}
.evidence dt{color:var(--mut)}
.evidence dd{margin:0}
blockquote{margin:0;padding:2px 10px;border-left:3px solid var(--line);color:#3c4043}
.exp{color:var(--pass)}.act{color:var(--fail)}
.exchange{border:1px solid var(--line);border-radius:4px;margin:6px 0}
.exchange h4{margin:0;padding:4px 8px;background:var(--bg);font:600 12.5px ui-monospace,"DejaVu Sans Mono",monospace;word-break:break-all}
pre{margin:0;padding:6px 8px;font:12px/1.4 ui-monospace,"DejaVu Sans Mono",monospace;white-space:pre-wrap;word-break:break-all;max-height:360px;overflow:auto}
pre.res{border-top:1px dashed var(--line)}
[hidden]{display:none!important}
`;

const JS = `
(function(){
  var boxes=document.querySelectorAll('#filters input[type=checkbox]');
  function apply(){
    var on={status:{},level:{}};
    boxes.forEach(function(b){on[b.name][b.value]=b.checked;});
    var shown=0,total=0;
    document.querySelectorAll('.check').forEach(function(c){
      total++;
      var vis=on.status[c.dataset.status]&&on.level[c.dataset.level];
      c.hidden=!vis; if(vis)shown++;
    });
    document.querySelectorAll('section.group').forEach(function(g){
      g.hidden=!g.querySelector('.check:not([hidden])');
    });
    document.getElementById('shown').textContent='showing '+shown+' of '+total+' checks';
  }
  boxes.forEach(function(b){b.addEventListener('change',apply);});
  document.getElementById('expand').addEventListener('click',function(){
    document.querySelectorAll('details.check:not([hidden])').forEach(function(d){d.open=true;});
  });
  apply();
})();
`;

function headersText(h: Record<string, string>): string {
  return Object.entries(h).map(([k, v]) => `${k}: ${v}`).join('\n');
}

function exchangeHtml(ex: ReportExchange, i: number): string {
  const req = `${headersText(ex.request.headers)}${ex.request.body !== undefined ? `\n\n${ex.request.body}` : ''}`;
  const res = ex.response
    ? `HTTP ${ex.response.status}\n${headersText(ex.response.headers)}${ex.response.text ? `\n\n${ex.response.text}` : ''}`
    : `no response: ${ex.transportError ?? 'unknown'}`;
  const retries = ex.rateLimitRetries > 0 ? ` · ${ex.rateLimitRetries} rate-limit retr${ex.rateLimitRetries === 1 ? 'y' : 'ies'}` : '';
  return `<div class="exchange"><h4>#${i + 1} ${e(ex.request.method)} ${e(ex.request.url)} → ${ex.response ? `HTTP ${ex.response.status}` : 'no response'} <span class="ep">(${ex.ms} ms${retries})</span></h4>`
    + `<pre class="req">${e(req)}</pre><pre class="res">${e(res)}</pre></div>`;
}

function checkHtml(c: CheckResult): string {
  const head = `<span class="st ${c.status}">${c.status}</span><span class="lv">${c.level}</span><span class="id">${e(c.id)}</span> · ${e(c.title)} <span class="ep">· ${e(c.endpoint)}</span>`;
  const attrs = `class="check ${c.status}" data-status="${c.status}" data-level="${c.level}" data-id="${e(c.id)}"`;
  if (c.status !== 'failed') {
    const why = c.status === 'skipped' || c.status === 'blocked' ? `<div class="why">${e(c.message)}</div>` : '';
    return `<div ${attrs}>${head}${why}</div>`;
  }
  const ev = c.evidence ?? [];
  const violations = (c.violations ?? []).slice(1).map((v) => `<dd><span class="id">${e(v.rule)}</span>: expected ${e(v.expected)}; got ${e(v.actual)}</dd>`).join('');
  return `<details ${attrs}><summary>${head}<div class="why">${e(c.expected !== undefined ? `expected ${c.expected}; got ${c.actual ?? '?'}` : c.message)}</div></summary>
<div class="evidence"><dl>
<dt>rule</dt><dd><span class="id">${e(c.id)}</span> (${c.level})</dd>
<dt>spec section</dt><dd>${e(c.section)}</dd>
<dt>spec says</dt><dd><blockquote>${e(c.quote)}</blockquote></dd>
${c.expected !== undefined ? `<dt>expected</dt><dd class="exp">${e(c.expected)}</dd><dt>actual</dt><dd class="act">${e(c.actual ?? '?')}</dd>` : `<dt>failure</dt><dd class="act">${e(c.message)}</dd>`}
${violations ? `<dt>also broken</dt>${violations}` : ''}
<dt>exchanges</dt><dd>${ev.length === 0 ? 'none (the check failed before sending a request)' : `${ev.length}`}</dd>
</dl>${ev.map(exchangeHtml).join('\n')}</div></details>`;
}

/**
 * report.html: one self-contained page (inline CSS and JS, a CSP that forbids any fetch). At the
 * top the verdict and a matrix of endpoint groups × passed / failed / skipped; then filters by
 * status and level; then every check by group, each failed one a <details> that opens to its
 * evidence: rule, spec section and quote, expected versus actual, and the exchanges.
 * Every server-supplied string is escaped.
 */
export function reportHtml(report: ConformanceReport): string {
  const c = report.certificate;
  const s = report.summary;
  const counts = groupCounts(report.checks);
  const cell = (k: 'passed' | 'failed' | 'skipped' | 'blocked', n: number) => `<td class="n-${k}${n > 0 ? ' nz' : ''}">${n}</td>`;
  const matrix = `<table class="matrix" id="matrix"><thead><tr><th>endpoint group</th><th>passed</th><th>failed</th><th>skipped</th><th>blocked</th></tr></thead><tbody>
${counts.map((g) => `<tr data-group="${e(g.group)}"><td>${groupMark(g)} <a href="#${anchor(g.group)}">${e(g.group)}</a></td>${cell('passed', g.passed)}${cell('failed', g.failed)}${cell('skipped', g.skipped)}${cell('blocked', g.blocked)}</tr>`).join('\n')}
</tbody><tfoot><tr><td>total</td>${cell('passed', s.passed)}${cell('failed', s.failed)}${cell('skipped', s.skipped)}${cell('blocked', s.blocked ?? 0)}</tr></tfoot></table>`;
  const steps = blockers(report.checks);
  const blocked = steps.length === 0 ? '' : `<section id="blocked"><h2>Blocked by ${steps.length} set-up step${steps.length === 1 ? '' : 's'}</h2><p>Not deviations of their own rules: a step they depend on failed, so their rules were not tested.</p><ul>${steps.map((b) => `<li><strong>${e(b.step)}</strong> answered ${e(b.answer)}${b.fixture ? ` (fixtures <code>${e(b.fixture)}</code>)` : ''}: ${b.checks.length} check${b.checks.length === 1 ? '' : 's'} <span class="ep">${e(b.checks.map((k) => k.id).filter((id, i, all) => all.indexOf(id) === i).join(', '))}</span></li>`).join('')}</ul></section>`;
  const box = (name: string, value: string) => `<label><input type="checkbox" name="${name}" value="${value}" checked> ${value}</label>`;
  const filters = `<div id="filters"><fieldset><legend>status</legend>${box('status', 'failed')}${box('status', 'blocked')}${box('status', 'skipped')}${box('status', 'passed')}</fieldset><fieldset><legend>level</legend>${box('level', 'MUST')}${box('level', 'SHOULD')}</fieldset><button type="button" id="expand">expand shown failures</button> <span id="shown"></span></div>`;
  const order = { failed: 0, blocked: 1, skipped: 2, passed: 3 } as const;
  const groups = byGroup(report.checks).map(({ group, checks }) => {
    const sorted = [...checks].sort((a, b) => order[a.status] - order[b.status] || a.id.localeCompare(b.id));
    return `<section class="group" id="${anchor(group)}"><h2>${e(group)}</h2>\n${sorted.map(checkHtml).join('\n')}</section>`;
  }).join('\n');
  const leftovers = report.leftovers.length === 0 ? '' : `<h2>Leftovers (${report.leftovers.length})</h2><p>Records the run created that the API gives no way to archive:</p><ul>${report.leftovers.map((l) => `<li>${e(l.type)} <span class="id">${e(l.id)}</span> (${e(l.createdAt)})</li>`).join('')}</ul>`;
  const verdictClass = c.verdict.replace(/ /g, '-');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(`PRA ${c.specVersion} conformance: ${c.verdict} · ${c.target}`)}</title>
<style>${CSS}</style></head>
<body>
<header><h1>Public Records API ${e(c.specVersion)} conformance <span class="verdict ${verdictClass}">${e(c.verdict)}</span></h1>
<div class="meta">target <code>${e(c.target)}</code> · run <code>${e(report.run.runId)}</code> · suite ${e(c.suiteVersion)} · ${e(c.date)} · ${(report.run.durationMs / 1000).toFixed(1)} s · ${report.run.requestsSent} requests, ${report.run.rateLimitRetries} rate-limit retries</div>
<div class="meta">MUST ${c.must.passed}/${c.must.total} passed · SHOULD ${c.should.passed}/${c.should.total} passed · fingerprint <code>${e(c.fingerprint)}</code></div></header>
<main>
${matrix}
${blocked}
${filters}
${groups}
${leftovers}
</main>
<script>${JS}</script>
</body></html>
`;
}
