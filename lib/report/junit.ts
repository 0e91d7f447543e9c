import { escapeInvisible } from '../util/invisible.js';
import { noCommand } from './inert.js';
import { failingExchange } from './exchange-text.js';
import type { ConformanceReport } from './conformance-json.js';
import { byGroup, expectedVsActual } from './groups.js';

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

/**
 * junit.xml for CI systems: one <testsuite> per endpoint group and one <testcase> per check,
 * classname = the group, name = `id: title`; a failed check has <failure message="expected …; got …">
 * with the rule, its spec section and the exchanges as text; a skipped one <skipped message="reason"/>.
 */
export function junitXml(report: ConformanceReport): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const s = report.summary;
  // a blocked check is an <error>: JUnit's "could not be evaluated", not a <failure> of the server
  lines.push(
    `<testsuites name="Public Records API v2 conformance" tests="${s.total}" failures="${s.failed}" skipped="${s.skipped}" errors="${s.blocked ?? 0}" time="${(report.run.durationMs / 1000).toFixed(3)}">`,
  );
  for (const { group, checks } of byGroup(report.checks)) {
    const n = (st: string) => checks.filter((c) => c.status === st).length;
    lines.push(
      `  <testsuite name="${xmlEscape(group)}" tests="${checks.length}" failures="${n('failed')}" skipped="${n('skipped')}" errors="${n('blocked')}" timestamp="${xmlEscape(report.run.startedAt)}">`,
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
      } else {
        const failing = failingExchange(c);
        const k = c.knownAs;
        const known = c.baselined
          ? [
              `known deviation (in the baseline)${k ? `: ${k.reason}${k.ticket ? ` (${k.ticket})` : ''}${k.expires ? `, until ${k.expires}` : ''}` : ''}`,
            ]
          : ['new deviation'];
        const detail = [
          `[${c.level}] ${c.id} · ${c.endpoint}`,
          ...known,
          `spec: ${c.section}`,
          `"${c.quote}"`,
          expectedVsActual(c),
          ...(c.evidence ?? []).map(
            (ex) =>
              `${ex.request.method} ${ex.request.url} → ${ex.response ? `HTTP ${ex.response.status}` : (ex.transportError ?? 'no response')}`,
          ),
          // the reproducers: the request that failed, as curl, and the command that reruns the check
          ...(failing?.curl ? ['', 'reproduce (keys as $CONFORMANCE_* variables):', failing.curl] : []),
          ...(c.rerun ? ['', `rerun: ${c.rerun}`] : []),
        ].join('\n');
        const type = `${c.level}${c.reading === 'strict' ? ' (strict reading)' : ''}${c.baselined ? ' (known)' : ''}`;
        lines.push(
          `      <failure message="${xmlEscape(expectedVsActual(c))}" type="${xmlEscape(type)}">${xmlText(detail)}</failure>`,
        );
      }
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return lines.join('\n') + '\n';
}
