import type { RuleId } from '../spec/register.js';
import type { OpenPoint, Rule } from './rule.js';
import type { Statement } from './statement.js';

/**
 * A spec's rule catalogue, as the engine needs it: every rule by id, the ids retired, the spec's
 * statements and open points, and its listed error codes. The composition root hands it down with the
 * Spec (lib/cli/spec.ts); this project's is suites/spec/rules/.
 */
export interface Catalogue {
  rules: Readonly<Record<RuleId, Rule>>;
  /** ids that are no longer rules, each with why it went: an id is never reused */
  retired: Readonly<Record<string, string>>;
  statements: readonly Statement[];
  openPoints: readonly OpenPoint[];
  /** the error codes the spec lists (the coverage map shows which a run saw) */
  errorCodes: readonly string[];
  /** the HTTP status the spec states for a code, where it states one (every other code's is "not shown") */
  codeStatuses: Readonly<Record<string, number>>;
}

/** Every rule, in the catalogue's order. */
export function ruleEntries(catalogue: Catalogue): Array<[RuleId, Rule]> {
  return Object.entries(catalogue.rules) as Array<[RuleId, Rule]>;
}

export function isRuleId(catalogue: Catalogue, id: string): id is RuleId {
  return Object.hasOwn(catalogue.rules, id);
}

export function ruleOf(catalogue: Catalogue, id: RuleId): Rule {
  // an id read from a file (a baseline, a report) may name no rule of this catalogue
  const rule = (catalogue.rules as Readonly<Record<string, Rule | undefined>>)[id];
  if (rule === undefined) throw new Error(`${id}: no such rule in the catalogue`);
  return rule;
}

export function isRetiredRule(catalogue: Catalogue, id: string): boolean {
  return Object.hasOwn(catalogue.retired, id);
}
