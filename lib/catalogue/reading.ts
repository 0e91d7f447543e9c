import type { RuleId } from '../spec/register.js';
import type { Catalogue } from './catalogue.js';
import type { Rule } from './rule.js';

/**
 * Whether a failed check broke only rules that rest on one reading of a sentence with two
 * (`reading: 'strict'` in the catalogue): its violations' rules, or its own when it names none.
 * Such a failure is reported apart and fails the run only under --strict.
 */
export function strictOnly(catalogue: Catalogue, own: RuleId, broken: readonly { rule: RuleId }[]): boolean {
  const rules = broken.length > 0 ? broken.map((v) => v.rule) : [own];
  return rules.every((rule) => ruleAt(catalogue, rule)?.reading === 'strict');
}

/** The other reading of a strict-reading rule (`otherReading`): under it a server may do what the rule refuses. */
export function otherReadingOf(catalogue: Catalogue, rule: string): string | undefined {
  const r = ruleAt(catalogue, rule);
  return r?.reading === 'strict' ? r.otherReading : undefined;
}

function ruleAt(catalogue: Catalogue, id: string): Rule | undefined {
  return (catalogue.rules as Readonly<Record<string, Rule>>)[id];
}
