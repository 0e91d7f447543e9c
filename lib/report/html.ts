import type { FixturesKnowledge } from '../target/fixtures-in-use.js';
import type { CheckResult } from '../check/result.js';
import type { ConformanceReport } from './conformance-json.js';
import type { ReportExchange } from '../evidence/truncate.js';
import type { RootCause } from './root-causes.js';
import { problemKey, resultProblemKey } from '../check/cause-key.js';
import {
  byGroup,
  groupCounts,
  blockers,
  groupMark,
  expectedVsActual,
  NOT_APPLICABLE_TITLE,
  notApplicableChecks,
  unblockLine,
  type Blocker,
} from './groups.js';
import { headersText, prettyBody } from './exchange-text.js';
import { RERUN_NOTE } from '../evidence/rerun.js';
import { NOT_SENT_TITLE, notSentLines, rateLimitLine } from './not-sent-block.js';
import { RECORD_CHANGES_TITLE, recordChangeLines, recordChangesIntro } from './record-changes-block.js';
import { CSS, JS } from './html-style.js';
import { bodyHtml, locate } from './json-html.js';
import { brokenSentence, NO_WRAPPING, type Wrapping } from './spec-words.js';
import { otherReadingOf } from '../catalogue/reading.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { suppliedHead, toComplete } from './to-complete.js';
import { lacking, untestedPhrase } from '../certificate/verdict.js';

import { htmlEscape } from './html-escape.js';
import { coverageHtml } from './coverage-html.js';
import type { CoverageMap } from '../coverage/coverage-map.js';

export { htmlEscape };
const e = htmlEscape;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Ids safe as HTML id and fragment. */
function anchor(prefix: string, name: string): string {
  return `${prefix}-${name.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

/** What the search box matches a row on: rule id, endpoint, title and the failure text. */
function searchText(...parts: Array<string | undefined>): string {
  return e(
    parts
      .filter((p) => p !== undefined)
      .join(' ')
      .toLowerCase(),
  );
}

function rowAttrs(c: CheckResult): string {
  return `data-status="${c.status}" data-level="${c.level}" data-id="${e(c.id)}" data-search="${searchText(c.id, c.endpoint, c.title, c.message, c.group)}"`;
}

/** A status, coloured by whether the check took it (a 200 where 201 is stated is the deviation: red). */
function statusChip(status: number | undefined, unexpected: boolean): string {
  const cls = status === undefined || unexpected ? 'unexpected' : 'expected';
  return `<span class="http ${cls}">${status === undefined ? 'no response' : `HTTP ${status}`}</span>`;
}

function curlHtml(curl: string | undefined): string {
  return curl
    ? `<div class="curl"><code>${e(curl)}</code><button type="button" title="copy the command">copy</button></div>`
    : '';
}

function exchangeHtml(ex: ReportExchange, i: number, failing: boolean, at?: string): string {
  const req = `${headersText(ex.request.headers)}${ex.request.body !== undefined ? `\n\n${prettyBody(ex.request.body)}` : ''}`;
  // the failing exchange's body marks the value that broke the rule (the page scrolls its box to it)
  const body = ex.response?.text ? bodyHtml(ex.response.text, failing ? at : undefined) : undefined;
  const res = ex.response
    ? `${e(headersText(ex.response.headers))}${body ? `\n\n${body.html}` : ''}`
    : e(`no response: ${ex.transportError ?? 'unknown'}`);
  const retries =
    ex.rateLimitRetries > 0 ? ` · ${plural(ex.rateLimitRetries, 'rate-limit retry', 'rate-limit retries')}` : '';
  return (
    `<div class="exchange${failing ? ' failing' : ''}"><h4>#${i + 1} ${e(ex.request.method)} ${e(ex.request.url)} → ${statusChip(ex.response?.status, failing)} <span class="ep">(${ex.ms} ms${retries}${failing ? ' · the failure was found here' : ''})</span></h4>` +
    `${curlHtml(ex.curl)}<div class="cols"><pre class="req">${e(req)}</pre><pre class="res">${res}</pre></div></div>`
  );
}

/** The spec's sentence a failure broke, its clause marked: never the whole endpoint row when one cell says it. */
function specSaysHtml(c: CheckResult, at: string | undefined, body: unknown, w: Wrapping): string {
  const v = c.violations?.[0];
  const b = brokenSentence(
    c.quote,
    {
      ...(v
        ? { expected: v.expected, actual: v.actual }
        : { expected: c.expected ?? '', actual: c.actual ?? c.message }),
      ...(at !== undefined ? { at } : {}),
      body,
    },
    w,
  );
  const text = b.clause ? markClause(b.sentence, b.clause) : e(b.sentence);
  const sentence = b.sentence.startsWith('|') ? `<code class="row">${text}</code>` : text;
  return `<blockquote>${b.where ? `<span class="n">${e(b.where)}:</span> ` : ''}${sentence}</blockquote>${b.clause ? `<div class="n">what it asks here: <b>${e(b.clause.replace(/`/g, ''))}</b></div>` : ''}`;
}

function markClause(sentence: string, clause: string): string {
  const i = sentence.indexOf(clause);
  if (i < 0) return e(sentence);
  return `${e(sentence.slice(0, i))}<mark>${e(clause)}</mark>${e(sentence.slice(i + clause.length))}`;
}

/** The parsed JSON of an exchange's response, if it has one. */
function jsonOf(ex: ReportExchange | undefined): unknown {
  try {
    return ex?.response?.text ? (JSON.parse(ex.response.text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** What happened to the records a failing check made: its reproducers may no longer find them. */
function recordsHtml(c: CheckResult): string {
  const r = c.records;
  if (!r) return '';
  const list = (xs: Array<{ type: string; id: string }>) =>
    xs
      .slice(0, 6)
      .map((x) => `${e(x.type)} <span class="id">${e(x.id)}</span>`)
      .join(', ') + (xs.length > 6 ? `, … ${xs.length - 6} more` : '');
  const parts: string[] = [];
  if (r.archived.length > 0)
    parts.push(
      `the run archived ${list(r.archived)} when the check ended: a curl command below that names one may now answer 404 or show it archived. <code>--keep-failing</code> keeps a failing check's records in place`,
    );
  if (r.kept.length > 0)
    parts.push(
      `kept in place for these reproducers (<code>--keep-failing</code>): ${list(r.kept)}; <code>npx conformance cleanup --ledger</code> archives them`,
    );
  return `<dt>records</dt><dd class="records">${parts.join('<br>')}</dd>`;
}

/**
 * A failed check's evidence: the rule, the spec's sentence it broke (its clause marked), expected
 * against actual, the failing value's JSON path (marked in the body below), the check that found it,
 * the rerun, what became of its records, and the exchanges (the failing one first).
 */
function evidenceHtml(c: CheckResult, w: Wrapping, catalogue: Catalogue | undefined): string {
  const ev = c.evidence ?? [];
  const at = c.failedExchange ?? ev.length - 1;
  const violations = (c.violations ?? [])
    .slice(1)
    .map((v) => `<dd><span class="id">${e(v.rule)}</span>: expected ${e(v.expected)}; got ${e(v.actual)}</dd>`)
    .join('');
  const first = ev[at];
  const body = jsonOf(first);
  const pointer = c.violations?.[0]?.at ?? locate(body, c.actual ?? c.message);
  const others = ev.map((x, i) => (i === at ? '' : exchangeHtml(x, i, false))).join('');
  const found = c.finding?.checks ?? [];
  const foundBy = found.length
    ? `<dt>found by</dt><dd>${found
        .slice(0, 5)
        .map((k) => `<span class="id">${e(k)}</span>`)
        .join('<br>')}${found.length > 5 ? `<br>… and ${found.length - 5} more checks` : ''}</dd>`
    : '';
  const other = c.reading === 'strict' && catalogue ? otherReadingOf(catalogue, c.id) : undefined;
  return `<div class="evidence"><dl>
<dt>rule</dt><dd><span class="id">${e(c.id)}</span> (${c.level}${c.reading === 'strict' ? ', strict reading' : ''}) · ${e(c.section)}</dd>
<dt>spec says</dt><dd>${specSaysHtml(c, pointer, body, w)}</dd>
${other ? `<dt>other reading</dt><dd class="other">${e(other)}</dd>` : ''}
${c.expected !== undefined ? `<dt>expected</dt><dd class="exp">${e(c.expected)}</dd><dt>actual</dt><dd class="act">${e(c.actual ?? '?')}</dd>` : `<dt>failure</dt><dd class="act">${e(c.message)}</dd>`}
${pointer !== undefined && pointer !== '' ? `<dt>at</dt><dd><code>${e(pointer)}</code> in the response body (marked below)</dd>` : ''}
${violations ? `<dt>also broken</dt>${violations}` : ''}
${foundBy}
${c.rerun ? `<dt>rerun</dt><dd><code>${e(c.rerun)}</code> <span class="ep">(${e(RERUN_NOTE)}${found.length ? '; it runs the check that found it' : ''})</span></dd>` : ''}
${recordsHtml(c)}
<dt>exchanges</dt><dd>${ev.length === 0 ? 'none (the check failed before sending a request)' : plural(ev.length, 'exchange')}</dd>
</dl>${first ? exchangeHtml(first, at, c.failedExchange !== undefined, pointer) : ''}${others ? `<details><summary>the check's other exchanges (${ev.length - 1})</summary>${others}</details>` : ''}</div>`;
}

/** One rule's failed checks, folded into one row; the first check opens with the row. */
function ruleHtml(rule: string, checks: CheckResult[], w: Wrapping, catalogue: Catalogue | undefined): string {
  const [head] = checks as [CheckResult];
  const level = head.level.toLowerCase();
  const inner = checks
    .map(
      (c, i) =>
        `<details class="check failed row" id="${anchor('c', `${c.id}-${i}`)}" ${rowAttrs(c)}${i === 0 ? ' open' : ''}><summary><span class="ep">${e(c.endpoint)}</span> · ${e(c.title)}</summary>${evidenceHtml(c, w, catalogue)}</details>`,
    )
    .join('\n');
  const k = head.knownAs;
  const strict = head.reading === 'strict';
  const mark = head.baselined
    ? `<span class="known" title="${e(k ? `${k.reason}${k.ticket ? ` (${k.ticket})` : ''}${k.expires ? `, until ${k.expires}` : ''}` : 'in the baseline')}">known</span>`
    : strict
      ? '<span class="strict-mark">strict reading</span>'
      : '<span class="new">new</span>';
  return (
    `<details class="rule ${strict ? 'strict' : level}" id="${anchor('rule', rule)}" data-holds><summary><span class="lv">${head.level}</span><span class="id">${e(rule)}</span>${mark} <span class="n">· ${plural(checks.length, 'check')} · ${e(head.section)}</span>` +
    `<div class="one">${e(expectedVsActual(head))}</div></summary>\n${inner}</details>`
  );
}

function deviationsHtml(
  checks: readonly CheckResult[],
  level: 'MUST' | 'SHOULD' | 'strict',
  w: Wrapping,
  catalogue: Catalogue | undefined,
): string {
  // failures under a strict reading have a section of their own, whatever their level
  const failed = checks.filter(
    (c) =>
      c.status === 'failed' &&
      (level === 'strict' ? c.reading === 'strict' : c.level === level && c.reading !== 'strict'),
  );
  if (failed.length === 0) return '';
  const rules = new Map<string, CheckResult[]>();
  for (const c of failed) rules.set(c.id, [...(rules.get(c.id) ?? []), c]);
  const rows = [...rules]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([rule, list]) => ruleHtml(rule, list, w, catalogue))
    .join('\n');
  const title =
    level === 'strict'
      ? "Under a strict reading (not deviations unless --strict: the spec's sentence has another reasonable reading, printed with each)"
      : `${level} deviations`;
  return `<section id="${level.toLowerCase()}" data-holds><h3>${title}: ${plural(rules.size, 'rule')}, ${plural(failed.length, 'check')}<span class="cnt"></span></h3>\n${rows}</section>`;
}

function blockedHtml(steps: readonly Blocker[]): string {
  if (steps.length === 0) return '';
  const rows = steps
    .map((b) => {
      const level = b.checks.some((k) => k.level === 'MUST') ? 'MUST' : 'SHOULD';
      const ids = [...new Set(b.checks.map((k) => k.id))];
      return `<li class="row" data-status="blocked" data-level="${level}" data-search="${searchText(b.step, b.answer, b.fixture, ...ids)}">${e(unblockLine(b)).replace(/`([^`]+)`/g, '<code>$1</code>')}<details><summary class="n">the ${plural(ids.length, 'rule')} not tested</summary><span class="id">${e(ids.join(', '))}</span></details> <a href="#q=${encodeURIComponent(b.step)}">the checks of ${e(b.step)}</a></li>`;
    })
    .join('');
  return `<section id="blocked" data-holds><h3>Set-up steps that blocked checks (${steps.length})<span class="cnt"></span></h3><p class="n">Not deviations of their own rules: a step they depend on failed, so their rules were not tested.</p><ul class="steps">${rows}</ul></section>`;
}

const counts = (m: Record<string, number>) =>
  Object.entries(m)
    .map(([s, n]) => `${s} ×${n}`)
    .join(', ');

/** Observations, and the contract the server showed where the spec is silent. */
function observedHtml(report: ConformanceReport): string {
  const o = report.observed;
  const obs = report.observations;
  const success =
    o.successStatuses.length === 0
      ? ''
      : `<h3>Success status per operation</h3><table class="grid"><thead><tr><th>operation</th><th>statuses seen</th><th>empty bodies</th></tr></thead><tbody>${o.successStatuses.map((s) => `<tr><td>${e(s.endpoint)}</td><td>${e(counts(s.statuses))}</td><td>${s.emptyBodies}</td></tr>`).join('')}</tbody></table>`;
  const statuses = [...new Set(o.errorCodes.flatMap((c) => Object.keys(c.statuses)))].sort();
  const codes =
    o.errorCodes.length === 0
      ? ''
      : `<h3>Error code × status</h3><table class="grid"><thead><tr><th>code</th>${statuses.map((s) => `<th>${e(s)}</th>`).join('')}<th>stated</th></tr></thead><tbody>${o.errorCodes
          .map(
            (c) =>
              `<tr><td class="id">${e(c.code)}</td>${statuses
                .map((s) => {
                  const n = c.statuses[s] ?? 0;
                  const off = n > 0 && c.statedStatus !== null && String(c.statedStatus) !== s;
                  return `<td${off ? ' class="off"' : ''}>${n || ''}</td>`;
                })
                .join('')}<td>${c.statedStatus ?? 'not shown'}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  const list =
    obs.length === 0
      ? ''
      : `<details><summary>${plural(obs.length, 'observation')} (informational: where the spec is silent, what this server chose)</summary><ul>${obs.map((x) => `<li><span class="id">${e(x.check)}</span> · ${e(x.topic)}: ${e(x.text)}</li>`).join('')}</ul></details>`;
  if (!success && !codes && !list) return '';
  return `<section id="observed"><h2>Observations and the observed contract</h2>${list}${success}${codes}</section>`;
}

/** Every check by endpoint group; a failed one links to its evidence above, passed ones are folded. */
function allChecksHtml(report: ConformanceReport): string {
  const s = report.summary;
  const cell = (k: 'passed' | 'failed' | 'skipped' | 'blocked', n: number) =>
    `<td class="n-${k}${n > 0 ? ' nz' : ''}">${n}</td>`;
  const matrix = `<table class="grid" id="matrix"><thead><tr><th>endpoint group</th><th>passed</th><th>failed</th><th>skipped</th><th>blocked</th></tr></thead><tbody>
${groupCounts(report.checks)
  .map(
    (g) =>
      `<tr data-group="${e(g.group)}"><td>${groupMark(g)} <a href="#${anchor('g', g.group)}">${e(g.group)}</a></td>${cell('passed', g.passed)}${cell('failed', g.failed)}${cell('skipped', g.skipped)}${cell('blocked', g.blocked)}</tr>`,
  )
  .join('\n')}
</tbody><tfoot><tr><td>total</td>${cell('passed', s.passed)}${cell('failed', s.failed)}${cell('skipped', s.skipped)}${cell('blocked', s.blocked ?? 0)}</tr></tfoot></table>`;
  // the n-th failed check of a rule, as numbered in the fix section
  const seen = new Map<string, number>();
  const failedIndex = new Map<CheckResult, number>();
  for (const c of report.checks)
    if (c.status === 'failed') {
      const n = seen.get(c.id) ?? 0;
      failedIndex.set(c, n);
      seen.set(c.id, n + 1);
    }
  const order = { failed: 0, blocked: 1, skipped: 2, 'not applicable': 3, passed: 4 } as const;
  const row = (c: CheckResult) => {
    const head = `<span class="st ${statusClass(c.status)}">${c.status}</span><span class="lv">${c.level}</span><span class="id">${e(c.id)}</span> · ${e(c.title)} <span class="ep">· ${e(c.endpoint)}</span>`;
    const why =
      c.status === 'failed'
        ? `<div class="why">${e(expectedVsActual(c))} · <a href="#${anchor('c', `${c.id}-${failedIndex.get(c) ?? 0}`)}">evidence</a></div>`
        : c.status === 'passed'
          ? ''
          : `<div class="why">${e(c.message)}</div>`;
    return `<div class="row check ${statusClass(c.status)}" ${rowAttrs(c)}>${head}${why}</div>`;
  };
  const groups = byGroup(report.checks)
    .map(({ group, checks }) => {
      const sorted = [...checks].sort((a, b) => order[a.status] - order[b.status] || a.id.localeCompare(b.id));
      const open = sorted.filter((c) => c.status !== 'passed');
      const passed = sorted.filter((c) => c.status === 'passed');
      const fold =
        passed.length === 0
          ? ''
          : `<details class="passed" data-holds><summary>${passed.length} passed</summary>${passed.map(row).join('\n')}</details>`;
      return `<section class="group" id="${anchor('g', group)}" data-holds><h3>${e(group)}<span class="cnt"></span></h3>\n${open.map(row).join('\n')}${fold}</section>`;
    })
    .join('\n');
  return `<section id="all"><h2>All checks</h2>${matrix}${groups}</section>`;
}

/**
 * report.html: one self-contained page (inline CSS and JS, a CSP that forbids any fetch), led by what
 * to fix: the set-up steps that blocked checks, then MUST and SHOULD deviations, one row per rule with
 * its checks folded inside, each opening to its evidence (spec sentence, expected against actual, the
 * exchanges with pretty JSON and a curl command that replays them, the rerun command); then the
 * observations and the observed contract; then every check by endpoint group, passed ones folded.
 * A search box filters by rule id, endpoint or text, and keeps its query in the URL's hash.
 * Every server-supplied string is escaped.
 */
/**
 * Text a line may break only after `/`, `.`, `_` or `-` (a <wbr> each): a rule id or an operation,
 * never mid-word. A token longer than 40 characters with none of those (a generated input) may also
 * break every 40 characters, and the text stops at 300: the whole is in the deviation's evidence.
 */
function breakable(text: string): string {
  const shown = text.length > 300 ? `${text.slice(0, 300)}…` : text;
  return shown
    .split(/(?<=[/._-])/)
    .flatMap((part) => part.split(/(\s+)/).flatMap((t) => (t.length > 40 ? (t.match(/.{1,40}/gs) ?? [t]) : [t])))
    .reduce<string[]>((out, part) => {
      // whitespace joins its neighbours; only the pieces of a token are separated by a <wbr>
      if (/^\s+$/.test(part) || /\s$/.test(out.at(-1) ?? ' ')) out.push(`${out.pop() ?? ''}${e(part)}`);
      else out.push(e(part));
      return out;
    }, [])
    .join('<wbr>');
}

/**
 * The card (`c-<rule>-<n>`, the n-th failed check of its rule, as the fix section numbers them) of the
 * first failed check of each root cause, by the cause's key.
 */
function cardsOfCauses(checks: readonly CheckResult[]): Map<string, string> {
  const seen = new Map<string, number>();
  const cards = new Map<string, string>();
  for (const c of checks) {
    if (c.status !== 'failed') continue;
    const n = seen.get(c.id) ?? 0;
    seen.set(c.id, n + 1);
    const key = resultProblemKey(c);
    if (!cards.has(key)) cards.set(key, anchor('c', `${c.id}-${n}`));
  }
  return cards;
}

/**
 * The root-cause view: each rule broken in one way, with the operations it showed at and the checks
 * it failed and blocked. A table on a wide page, one card per cause on a narrow one (390 px): no
 * word is broken inside it and nothing scrolls sideways.
 */
function rootCausesHtml(all: readonly RootCause[], checks: readonly CheckResult[]): string {
  const causes = all.filter((x) => x.reading !== 'strict');
  if (causes.length === 0) return '';
  const card = cardsOfCauses(checks);
  const rows = causes
    .map((x) => {
      const to = card.get(problemKey(x.rule, x.problem ?? x.actual));
      const ops = x.operations.length > 0 ? x.operations : [x.operation];
      const opsHtml =
        ops.length === 1
          ? `<code>${breakable(ops[0]!)}</code>`
          : `<details><summary>${ops.length} operations</summary><ul class="ops">${ops.map((o) => `<li><code>${breakable(o)}</code></li>`).join('')}</ul></details>`;
      return (
        `<tr><td data-label="level" class="lvl">${e(x.level)}</td><td data-label="rule"><code>${breakable(x.rule)}</code></td><td data-label="operations">${opsHtml}</td>` +
        `<td data-label="failed" class="num">${x.checks}</td><td data-label="blocked" class="num">${x.blocked}</td><td data-label="what came back" class="what">${breakable(x.actual)}${to ? ` <a href="#${to}">the evidence</a>` : ''}</td></tr>`
      );
    })
    .join('');
  return (
    `<h3>Root causes (${causes.length})</h3><p>Each a rule broken in one way, with the operations it showed at and the checks it failed and blocked (each check counted once).</p>` +
    `<table class="causes"><thead><tr><th>level</th><th>rule</th><th>operations</th><th>failed</th><th>blocked</th><th>what came back</th></tr></thead><tbody>${rows}</tbody></table>`
  );
}

/** "To complete this run": what the run lacks, by what the user supplies, each with the checks it unlocks. */
function toCompleteHtml(report: ConformanceReport, fixturesFile: FixturesKnowledge | undefined): string {
  const items = toComplete(report.checks, fixturesFile);
  if (items.length === 0) return '';
  const li = items
    .map((s) => {
      const problems = s.problems
        .slice(0, 3)
        .map((p) => `<div class="why">${s.kind === 'unnamed' ? 'why' : 'wrong'}: ${e(p)}</div>`)
        .join('');
      const guide =
        s.kind === 'unnamed'
          ? ''
          : `${s.what ? `<div class="why">what: ${e(s.what)}</div>` : ''}${s.how ? `<div class="why">how: ${e(s.how)}</div>` : ''}`;
      const ids = [...new Set(s.checks.map((k) => k.id))];
      return `<li class="supply ${s.kind}">${e(suppliedHead(s))}${problems}${guide}<details><summary class="n">the ${plural(s.checks.length, 'check')}</summary><span class="id">${e(ids.join(', '))}</span></details></li>`;
    })
    .join('');
  const done = report.certificate.completeness;
  return `<section id="to-complete"><h2>To complete this run</h2><p>${done ? `${done.mustRan} of ${done.mustChecks} MUST checks ran. ` : ''}What the run lacks, by what you supply, each with the checks it unlocks:</p><ul class="steps">${li}</ul></section>`;
}

/** A status as one class name (`not applicable` → `not-applicable`). */
const statusClass = (status: string): string => status.replace(/ /g, '-');

/** The checks not applicable, each with the answers that show it, and the link to that evidence's check row. */
function notApplicableHtml(report: ConformanceReport): string {
  const na = notApplicableChecks(report.checks);
  if (na.length === 0) return '';
  const li = na
    .map(
      (c) =>
        `<li class="row" ${rowAttrs(c)}><span class="lv">${c.level}</span> <span class="id">${e(c.id)}</span> · ${e(c.title)}<div class="why">${e(c.message)}</div></li>`,
    )
    .join('');
  return `<section id="not-applicable"><h2>${e(NOT_APPLICABLE_TITLE)} (${na.length})</h2><p>Not skipped: nothing a person could supply would give these rules something to judge, and they never make a run incomplete.</p><ul class="steps">${li}</ul></section>`;
}

/** The server changed records the user keeps: first on the page (lib/report/record-changes-block.ts). */
function recordChangesHtml(report: ConformanceReport): string {
  const changed = report.recordChanges ?? [];
  if (changed.length === 0) return '';
  return (
    `<section id="record-changes" class="changed"><h2>⚠ ${e(RECORD_CHANGES_TITLE)}</h2>` +
    `<p>${e(recordChangesIntro(changed))}</p>` +
    `<ul>${recordChangeLines(changed)
      .map((l) => `<li>${e(l)}</li>`)
      .join('')}</ul></section>`
  );
}

/** Under the verdict: what it rests on; for an incomplete run, what it lacks. */
function completenessHtml(report: ConformanceReport): string {
  const done = report.certificate.completeness;
  if (!done) return '';
  if (report.certificate.verdict !== 'incomplete')
    return `<div class="meta">${done.mustRan} of ${done.mustChecks} MUST checks ran to a verdict</div>`;
  const untested = untestedPhrase(report.certificate.untested ?? []);
  return `<div class="meta lacks">incomplete: ${done.mustRan} of ${done.mustChecks} MUST checks ran; not tested: ${e(lacking(done).join(', '))}${untested ? ` · ${e(untested)}` : ''} · <a href="#to-complete">to complete this run</a></div>`;
}

/** What a stopped run could not send, and how the server's quota shaped the run (lib/report/not-sent-block.ts). */
function notSentHtml(report: ConformanceReport): string {
  const limited = rateLimitLine(report);
  const { why, lines } = notSentLines(report);
  if (!limited && lines.length === 0) return '';
  return (
    `<section id="not-sent">${limited ? `<p>${e(limited)}</p>` : ''}` +
    (lines.length > 0
      ? `<h2>${e(NOT_SENT_TITLE)} (${lines.length})</h2>${why.map((w) => `<p>${e(w)}</p>`).join('')}` +
        `<ul>${lines.map((l) => `<li>${e(l)}</li>`).join('')}</ul>`
      : '') +
    `</section>`
  );
}

export function reportHtml(
  report: ConformanceReport,
  o: { coverage?: CoverageMap; wrapping?: Wrapping; fixturesFile?: FixturesKnowledge; catalogue?: Catalogue } = {},
): string {
  const c = report.certificate;
  const w = o.wrapping ?? NO_WRAPPING;
  const steps = blockers(report.checks);
  const must = deviationsHtml(report.checks, 'MUST', w, o.catalogue);
  const should = deviationsHtml(report.checks, 'SHOULD', w, o.catalogue);
  const strict = deviationsHtml(report.checks, 'strict', w, o.catalogue);
  const nothing =
    !must && !should && !strict && steps.length === 0
      ? c.verdict === 'incomplete'
        ? '<p>No deviation among the checks that ran; but the run is incomplete: see <a href="#to-complete">To complete this run</a>.</p>'
        : '<p class="ok">Nothing: no deviation, and no check was blocked.</p>'
      : '';
  const box = (name: string, value: string) =>
    `<label><input type="checkbox" name="${name}" value="${value}" checked> ${value}</label>`;
  const bar =
    `<div id="bar"><input id="q" type="search" placeholder="filter by rule id, endpoint or text" aria-label="filter by rule id, endpoint or text">` +
    `<fieldset>${box('status', 'failed')}${box('status', 'blocked')}${box('status', 'skipped')}${box('status', 'not applicable')}${box('status', 'passed')}</fieldset><fieldset>${box('level', 'MUST')}${box('level', 'SHOULD')}</fieldset><span id="shown"></span></div>`;
  const leftovers =
    report.leftovers.length === 0
      ? ''
      : `<h2>Leftovers (${report.leftovers.length})</h2><p>Records the run created that the API gives no way to archive:</p><ul>${report.leftovers.map((l) => `<li>${e(l.type)} <span class="id">${e(l.id)}</span> (${e(l.createdAt)})</li>`).join('')}</ul>`;
  const verdictClass = c.verdict.replace(/ /g, '-');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(`PRA ${c.specVersion} conformance: ${c.verdict} · ${c.target}`)}</title>
<style>${CSS}</style></head>
<body>
<header><h1>Public Records API ${e(c.specVersion)} conformance <span class="verdict ${verdictClass}">${e(c.verdict)}</span></h1>
${completenessHtml(report)}
<div class="meta">MUST ${c.must.passed}/${c.must.total} passed · SHOULD ${c.should.passed}/${c.should.total} passed · ${report.summary.failed} failed, ${report.summary.blocked ?? 0} blocked, ${report.summary.skipped} skipped${report.summary.notApplicable ? `, ${report.summary.notApplicable} not applicable` : ''} · target <code>${e(c.target)}</code></div>
<div class="meta">run <code>${e(report.run.runId)}</code> · seed ${report.run.seed} · suite ${e(c.suiteVersion)} · ${e(c.date)} · ${(report.run.durationMs / 1000).toFixed(1)} s · ${report.requests.total} requests, ${report.run.rateLimitRetries} rate-limit retries · fingerprint <code>${e(c.fingerprint.slice(0, 16))}</code></div></header>
${bar}
<main>
${recordChangesHtml(report)}
${toCompleteHtml(report, o.fixturesFile)}
${notApplicableHtml(report)}
${notSentHtml(report)}
<section id="fix"><h2>What to fix</h2>
${nothing}${rootCausesHtml(report.rootCauses ?? [], report.checks)}${blockedHtml(steps)}
${must}
${should}
${strict}
</section>
${observedHtml(report)}
${allChecksHtml(report)}
${o.coverage ? coverageHtml(o.coverage) : ''}
${leftovers}
</main>
<script>${JS}</script>
</body></html>
`;
}
