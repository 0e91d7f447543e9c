import { validateSingle, type RecordKind, type SchemaProblem } from './schemas/index.js';
import type { RuleId } from './rules/catalogue.js';
import type { Violation } from '../../lib/check/outcome.js';

const ATTRIBUTE_RULE: Record<RecordKind, RuleId> = {
  contact: 'record.contact.attributes',
  account: 'record.account.attributes',
  opportunity: 'record.opportunity.attributes',
  task: 'record.task.attributes',
  note: 'record.note.attributes',
  meeting: 'record.meeting.attributes',
  'custom-object': 'record.custom-object.attributes',
};

/**
 * Validates `{ data: <record> }` and files each schema problem under the rule it breaks, from where
 * it sits: the envelope, an attribute that is not a typed value, an attribute of the wrong value_type
 * for its name, or a value that does not have its value_type's shape. Grouped, one violation per rule.
 */
export function recordViolations(kind: RecordKind, body: unknown): Violation[] {
  const byRule = new Map<RuleId, SchemaProblem[]>();
  for (const p of validateSingle(kind, body)) {
    const rule = ruleOfProblem(kind, p);
    byRule.set(rule, [...(byRule.get(rule) ?? []), p]);
  }
  return [...byRule].map(([rule, problems]) => ({
    rule,
    at: problems[0]!.path,
    expected: `a ${kind} record as the spec shapes it (${rule})`,
    actual: `${problems.length} problem(s): ${problems
      .slice(0, 6)
      .map((p) => `${p.path || '/'} ${p.message}`)
      .join('; ')}`,
  }));
}

function ruleOfProblem(kind: RecordKind, p: SchemaProblem): RuleId {
  const m = /^\/data\/attributes\/[^/]+(?:\/\d+)?(\/.*)?$/.exec(p.path);
  if (m) {
    const rest = m[1] ?? '';
    if (rest === '') return 'value.typed';
    if (rest === '/value_type') return ATTRIBUTE_RULE[kind];
    return 'value.shape';
  }
  if (p.path === '/data/record_type') return 'record.record-type';
  return 'record.envelope';
}
