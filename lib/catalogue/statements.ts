import type { RuleId } from '../spec/register.js';
import { catalogueInUse, ruleEntries } from './catalogue.js';
import type { Statement } from './statement.js';

/** The parts of a rule's quote, split at its elisions ("…"). */
export function quoteParts(quote: string): string[] {
  return quote
    .split('…')
    .map((p) => p.trim())
    .filter((p) => p.length > 3);
}

/** The spec's statements, from the catalogue handed in. */
export function statements(): readonly Statement[] {
  return catalogueInUse().statements;
}

// the coverage map of every report asks for every statement's rules: worked out once per catalogue
const rulesByStatement = new WeakMap<object, WeakMap<Statement, RuleId[]>>();

/** The rules that check a statement: those quoting part of it, and its `checkedBy`. */
export function rulesOf(statement: Statement): RuleId[] {
  const catalogue = catalogueInUse();
  let known = rulesByStatement.get(catalogue);
  if (known === undefined) rulesByStatement.set(catalogue, (known = new WeakMap()));
  let rules = known.get(statement);
  if (rules === undefined) known.set(statement, (rules = rulesQuoting(statement)));
  return [...rules];
}

function rulesQuoting(statement: Statement): RuleId[] {
  const quoting = ruleEntries()
    .filter(([, rule]) => quoteParts(rule.quote).some((p) => statement.text.includes(p)))
    .map(([id]) => id);
  return [...new Set([...quoting, ...(statement.checkedBy ?? [])])];
}

/** The parts of rule quotes found in no statement (a spec rule resting on an HTTP RFC is not looked for). */
export function quotesOutsideStatements(): Array<{ rule: RuleId; part: string }> {
  const all = statements();
  return ruleEntries()
    .filter(([, rule]) => !/^RFC /.test(rule.section))
    .flatMap(([id, rule]) =>
      quoteParts(rule.quote)
        .filter((part) => !all.some((s) => s.text.includes(part)))
        .map((part) => ({ rule: id, part })),
    );
}
