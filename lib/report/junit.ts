import { escapeInvisible } from '../util/invisible.js';
import { noCommand } from './inert.js';
import { failingExchange } from './exchange-text.js';
import type { ConformanceReport } from './conformance-json.js';
import { byGroup, expectedVsActual } from './groups.js';
import { otherReadingOf } from '../catalogue/reading.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { lacking, untestedPhrase } from '../certificate/verdict.js';

/** XML-escapes text for an attribute or element; drops what XML 1.0 cannot carry; shows invisible characters escaped */
export function xmlEscape(s: string): string {
  return (
    // a CI tool may print a failure's message to its log: no workflow command in it either
    escapeInvisible(s.split('\n').map(noCommand).join('\n'))
      // eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot carry
      .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      .replace(/\r/g, '&#13;')
      .replace(/\n/g, '&#10;')
      .replace(/\t/g, '&#9;')
  );
}

/** Element text keeps its newlines readable. */
function xmlText(s: string): string {
  return xmlEscape(s).replace(/&#10;/g, '\n').replace(/&#9;/g, '\t');
}

/** The detail text of a failed check: rule, whether known, spec, expected vs actual, exchanges, reproducers. */
function failureDetail(c: ConformanceReport['checks'][number], catalogue: Catalogue | undefined): string {
  const failing = failingExchange(c);
  const k = c.knownAs;
  const known = c.baselined
    ? [
        `known deviation (in the baseline)${k ? `: ${k.reason}${k.ticket ? ` (${k.ticket})` : ''}${k.expires ? `, until ${k.expires}` : ''}` : ''}`,
      ]
    : c.reading === 'strict'
      ? ['under a strict reading of the sentence']
      : ['new deviation'];
  const other = c.reading === 'strict' && catalogue ? otherReadingOf(catalogue, c.id) : undefined;
  return [
    `[${c.level}] ${c.id} · ${c.endpoint}`,
    ...known,
    `spec: ${c.section}`,
    `"${c.quote}"`,
    ...(other ? [`the other reading: ${other}`] : []),
    expectedVsActual(c),
    ...(c.finding?.checks.length ? [`found by: ${c.finding.checks[0]!}`] : []),
    ...(c.evidence ?? []).map(
      (ex) =>
        `${ex.request.method} ${ex.request.url} → ${ex.response ? `HTTP ${ex.response.status}` : (ex.transportError ?? 'no response')}`,
    ),
    // the reproducers: the request that failed, as curl, and the command that reruns the check
    ...(failing?.curl ? ['', 'reproduce (keys as $CONFORMANCE_* variables):', failing.curl] : []),
    ...(c.rerun ? ['', `rerun: ${c.rerun}`] : []),
  ].join('\n');
}

/**
 * The run's verdict as a testsuite of its own, one testcase: passed when the server conforms, a
 * <failure> when it does not, an <error type="incomplete"> (could not be evaluated) when the run did
 * not test every MUST check: a CI test view shows the verdict as every other output does.
 */
function verdictSuite(report: ConformanceReport): string[] {
  const c = report.certificate;
  const done = c.completeness;
  const untested = untestedPhrase(c.untested ?? []);
  const props = [
    ['verdict', c.verdict],
    ['reading', c.reading],
    ...(done
      ? [
          ['mustChecks', String(done.mustChecks)],
          ['mustRan', String(done.mustRan)],
          ['mustSkipped', String(done.mustSkipped)],
          ['mustBlocked', String(done.mustBlocked)],
          ['mustNotApplicable', String(done.mustNotApplicable ?? 0)],
        ]
      : []),
  ];
  const lines = [
    `  <testsuite name="verdict" tests="1" failures="${c.verdict === 'does not conform' ? 1 : 0}" skipped="0" errors="${c.verdict === 'incomplete' ? 1 : 0}" timestamp="${xmlEscape(report.run.startedAt)}">`,
    `    <properties>${props.map(([n, v]) => `<property name="${n}" value="${xmlEscape(v!)}"/>`).join('')}</properties>`,
  ];
  const name = `    <testcase classname="verdict" name="${xmlEscape(`verdict: ${c.verdict}`)}"`;
  if (c.verdict === 'conforms') lines.push(`${name}/>`);
  else {
    const why =
      c.verdict === 'incomplete' && done
        ? `incomplete: ${done.mustRan} of ${done.mustChecks} MUST checks ran; not tested: ${lacking(done).join(', ')}${untested ? `; ${untested}` : ''}`
        : `does not conform: ${report.summary.mustFailed} MUST-level deviation(s)`;
    lines.push(
      `${name}>`,
      c.verdict === 'incomplete'
        ? `      <error message="${xmlEscape(why)}" type="incomplete"/>`
        : `      <failure message="${xmlEscape(why)}" type="verdict"/>`,
      '    </testcase>',
    );
  }
  lines.push('  </testsuite>');
  return lines;
}

/**
 * junit.xml for CI systems: the verdict as a testsuite of its own, then one <testsuite> per endpoint
 * group and one <testcase> per check, classname = the group, name = `id: title`; a failed check has
 * <failure message="expected …; got …"> with the rule, its spec section and the exchanges as text; a
 * blocked one <error type="blocked">; a skipped one <skipped message="reason"/>; a not applicable one
 * <skipped type="not applicable" message="not applicable: the answers that show it"/>. A failure under a
 * strict reading is no <failure> (unless the run was judged under --strict): the testcase passes,
 * carrying `reading=strict` and the other reading (the catalogue's, when one is told) as properties and its
 * detail as <system-out>.
 */
export function junitXml(report: ConformanceReport, catalogue?: Catalogue): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const s = report.summary;
  const judgedStrict = report.certificate.reading === 'strict';
  const isFailure = (c: ConformanceReport['checks'][number]) =>
    c.status === 'failed' && (c.reading !== 'strict' || judgedStrict);
  const failures = report.checks.filter(isFailure).length;
  // a blocked check is an <error>: JUnit's "could not be evaluated", not a <failure> of the server
  lines.push(
    `<testsuites name="Public Records API v2 conformance" tests="${s.total + 1}" failures="${failures + (report.certificate.verdict === 'does not conform' ? 1 : 0)}" skipped="${s.skipped + (s.notApplicable ?? 0)}" errors="${(s.blocked ?? 0) + (report.certificate.verdict === 'incomplete' ? 1 : 0)}" time="${(report.run.durationMs / 1000).toFixed(3)}">`,
  );
  lines.push(...verdictSuite(report));
  for (const { group, checks } of byGroup(report.checks)) {
    const n = (st: string) => checks.filter((c) => c.status === st).length;
    lines.push(
      `  <testsuite name="${xmlEscape(group)}" tests="${checks.length}" failures="${checks.filter(isFailure).length}" skipped="${n('skipped') + n('not applicable')}" errors="${n('blocked')}" timestamp="${xmlEscape(report.run.startedAt)}">`,
    );
    for (const c of checks) {
      const time = c.durationMs !== undefined ? ` time="${(c.durationMs / 1000).toFixed(3)}"` : '';
      const open = `    <testcase classname="${xmlEscape(group)}" name="${xmlEscape(`${c.id}: ${c.title}`)}"${time}`;
      if (c.status === 'passed') {
        lines.push(`${open}/>`);
        continue;
      }
      lines.push(`${open}>`);
      if (c.status === 'skipped') lines.push(`      <skipped message="${xmlEscape(c.message)}"/>`);
      // JUnit has no "not applicable": its nearest is <skipped>, typed so that no one reads it as a key to supply
      else if (c.status === 'not applicable')
        lines.push(`      <skipped message="${xmlEscape(`not applicable: ${c.message}`)}" type="not applicable"/>`);
      else if (c.status === 'blocked') {
        const by = c.blockedBy;
        const detail = [
          `[${c.level}] ${c.id} · ${c.endpoint}`,
          c.message,
          ...(by
            ? [`step: ${by.step}`, `answer: ${by.answer}`, ...(by.fixture ? [`fixture: ${by.fixture}`] : [])]
            : []),
        ].join('\n');
        lines.push(`      <error message="${xmlEscape(c.message)}" type="blocked">${xmlText(detail)}</error>`);
      } else if (!isFailure(c)) {
        // under a strict reading: reported apart, not a failure of the run
        const other = catalogue && otherReadingOf(catalogue, c.id);
        lines.push(
          `      <properties><property name="reading" value="strict"/><property name="outcome" value="${xmlEscape(`failed under the strict reading: ${expectedVsActual(c)}`)}"/>${other ? `<property name="otherReading" value="${xmlEscape(other)}"/>` : ''}</properties>`,
          `      <system-out>${xmlText(failureDetail(c, catalogue))}</system-out>`,
        );
      } else {
        const type = `${c.level}${c.reading === 'strict' ? ' (strict reading)' : ''}${c.baselined ? ' (known)' : ''}`;
        lines.push(
          `      <failure message="${xmlEscape(expectedVsActual(c))}" type="${xmlEscape(type)}">${xmlText(failureDetail(c, catalogue))}</failure>`,
        );
      }
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return lines.join('\n') + '\n';
}
