import type { TestCase } from 'vitest/node';
import type { CheckResult } from './check-result.js';
import type { Redactor } from '../evidence/redact.js';

/** A vitest test case → the check's result, from the metadata the check recorded (never its title). */
export function checkResultOf(tc: TestCase, redactor: Redactor): CheckResult | undefined {
  const meta = tc.meta().conformance;
  if (!meta) return undefined;
  const r = tc.result();
  const status = r.state === 'passed' ? 'passed' : r.state === 'failed' ? 'failed' : 'skipped';
  let message = '';
  if (r.state === 'skipped') message = r.note ?? 'skipped';
  if (r.state === 'failed') {
    const v = meta.violations?.[0];
    message = v ? `[${v.rule}] expected ${v.expected}; got ${v.actual}` : (r.errors?.[0]?.message ?? 'failed');
  }
  const out: CheckResult = {
    id: meta.rule, level: meta.level, status, title: meta.title, endpoint: meta.endpoint, message,
    ...(meta.violations ? { violations: meta.violations } : {}),
    ...(status === 'failed' && meta.evidence ? { evidence: meta.evidence } : {}),
    ...(meta.observations ? { observations: meta.observations } : {}),
    ...(meta.blocked ? { blocked: true } : {}),
  };
  return redactor.value(out);
}
