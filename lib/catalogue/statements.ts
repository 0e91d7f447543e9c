import type { RuleId } from '../spec/register.js';
import { ruleEntries, type Catalogue } from './catalogue.js';
import type { Statement } from './statement.js';

/** The parts of a rule's quote, split at its elisions ("…"). */
export function quoteParts(quote: string): string[] {
  return quote
    .split('…')
    .map((p) => p.trim())
    .filter((p) => p.length > 3);
}

// the coverage map of every report asks for every statement's rules: worked out once per catalogue
const rulesByStatement = new WeakMap<object, WeakMap<Statement, RuleId[]>>();

/** The rules that check a statement: those quoting part of it, and its `checkedBy`. */
export function rulesOf(catalogue: Catalogue, statement: Statement): RuleId[] {
  let known = rulesByStatement.get(catalogue);
  if (known === undefined) rulesByStatement.set(catalogue, (known = new WeakMap()));
  let rules = known.get(statement);
  if (rules === undefined) known.set(statement, (rules = rulesQuoting(catalogue, statement)));
  return [...rules];
}

function rulesQuoting(catalogue: Catalogue, statement: Statement): RuleId[] {
  const quoting = ruleEntries(catalogue)
    .filter(([, rule]) => quoteParts(rule.quote).some((p) => statement.text.includes(p)))
    .map(([id]) => id);
  return [...new Set([...quoting, ...(statement.checkedBy ?? [])])];
}

/** The parts of rule quotes found in no statement (a spec rule resting on an HTTP RFC is not looked for). */
export function quotesOutsideStatements(catalogue: Catalogue): Array<{ rule: RuleId; part: string }> {
  const all = catalogue.statements;
  return ruleEntries(catalogue)
    .filter(([, rule]) => !/^RFC /.test(rule.section))
    .flatMap(([id, rule]) =>
      quoteParts(rule.quote)
        .filter((part) => !all.some((s) => s.text.includes(part)))
        .map((part) => ({ rule: id, part })),
    );
}
