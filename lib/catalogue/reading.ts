import type { RuleId } from '../spec/register.js';
import { catalogueInUse } from './catalogue.js';
import type { Rule } from './rule.js';

/**
 * Whether a failed check broke only rules that rest on one reading of a sentence with two
 * (`reading: 'strict'` in the catalogue): its violations' rules, or its own when it names none.
 * Such a failure is reported apart and fails the run only under --strict.
 */
export function strictOnly(own: RuleId, broken: readonly { rule: RuleId }[]): boolean {
  const rules = broken.length > 0 ? broken.map((v) => v.rule) : [own];
  return rules.every((rule) => ruleAt(rule)?.reading === 'strict');
}

/** The other reading of a strict-reading rule (`otherReading`): under it a server may do what the rule refuses. */
export function otherReadingOf(rule: string): string | undefined {
  const r = ruleAt(rule);
  return r?.reading === 'strict' ? r.otherReading : undefined;
}

function ruleAt(id: string): Rule | undefined {
  return (catalogueInUse().rules as Readonly<Record<string, Rule>>)[id];
}
