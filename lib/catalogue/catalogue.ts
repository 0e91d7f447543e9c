import type { RuleId } from '../spec/register.js';
import type { Level, OpenPoint, Rule } from './rule.js';
import type { Statement } from './statement.js';

/**
 * A spec's rule catalogue, as the engine needs it: every rule by id, the ids retired, the spec's
 * statements and open points, and its listed error codes. The composition root hands it in
 * (lib/cli/spec.ts); this project's is suites/spec/rules/.
 */
export interface Catalogue {
  rules: Readonly<Record<RuleId, Rule>>;
  /** ids that are no longer rules, each with why it went: an id is never reused */
  retired: Readonly<Record<string, string>>;
  statements: readonly Statement[];
  openPoints: readonly OpenPoint[];
  /** the error codes the spec lists (the coverage map shows which a run saw) */
  errorCodes: readonly string[];
}

let inUse: Catalogue | undefined;

/** Hands the engine the spec's catalogue; the composition root calls it before anything runs. */
export function useCatalogue(catalogue: Catalogue): void {
  inUse = catalogue;
}

/** The catalogue handed in; throws when none was (a composition root that forgot it). */
export function catalogueInUse(): Catalogue {
  if (inUse === undefined)
    throw new Error("no rule catalogue handed in: the composition root calls useSpec(…) with the spec's first");
  return inUse;
}

/** Every rule, in the catalogue's order. */
export function ruleEntries(): Array<[RuleId, Rule]> {
  return Object.entries(catalogueInUse().rules) as Array<[RuleId, Rule]>;
}

export function isRuleId(id: string): id is RuleId {
  return Object.hasOwn(catalogueInUse().rules, id);
}

export function ruleOf(id: RuleId): Rule {
  // an id read from a file (a baseline, a report) may name no rule of this catalogue
  const rule = (catalogueInUse().rules as Readonly<Record<string, Rule | undefined>>)[id];
  if (rule === undefined) throw new Error(`${id}: no such rule in the catalogue`);
  return rule;
}

export function levelOf(id: RuleId): Level {
  return ruleOf(id).level;
}

export function isRetiredRule(id: string): boolean {
  return Object.hasOwn(catalogueInUse().retired, id);
}
