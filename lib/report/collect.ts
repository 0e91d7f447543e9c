import type { TestCase } from 'vitest/node';
import type { CheckResult } from './check-result.js';
import type { Redactor } from '../evidence/redact.js';
import { reportExchange } from '../evidence/truncate.js';
import { RULES } from '../rules/catalogue.js';

/** A vitest test case → the check's result, from the metadata the check recorded (never its title). */
export function checkResultOf(tc: TestCase, group: string, redactor: Redactor): CheckResult | undefined {
  const meta = tc.meta().conformance;
  if (!meta) return undefined;
  const r = tc.result();
  // a check that stopped on a failed set-up step is blocked, whatever vitest calls it
  const status = r.state === 'failed' && meta.blocked ? 'blocked' : r.state === 'passed' ? 'passed' : r.state === 'failed' ? 'failed' : 'skipped';
  let message = '';
  if (r.state === 'skipped') message = r.note ?? 'skipped';
  if (status === 'blocked') message = r.errors?.[0]?.message ?? `blocked: ${meta.blocked?.step} answered ${meta.blocked?.answer}`;
  else if (r.state === 'failed') {
    const v = meta.violations?.[0];
    message = v ? `[${v.rule}] expected ${v.expected}; got ${v.actual}` : (r.errors?.[0]?.message ?? 'failed');
  }
  const rule = RULES[meta.rule];
  const duration = tc.diagnostic()?.duration;
  const first = status === 'failed' ? meta.violations?.[0] : undefined;
  const out: CheckResult = {
    id: meta.rule, level: meta.level, status, title: meta.title, endpoint: meta.endpoint, message,
    group, section: rule.section, quote: rule.quote,
    ...(first ? { expected: first.expected, actual: first.actual } : {}),
    ...(meta.violations ? { violations: meta.violations } : {}),
    ...(status === 'failed' || status === 'blocked' ? { evidence: (meta.evidence ?? []).map((ex) => reportExchange(ex)) } : {}),
    ...(meta.observations ? { observations: meta.observations } : {}),
    ...(status === 'blocked' && meta.blocked ? { blockedBy: meta.blocked } : {}),
    ...(duration !== undefined ? { durationMs: Math.round(duration) } : {}),
  };
  return redactor.value(out);
}
