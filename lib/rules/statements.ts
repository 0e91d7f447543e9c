import { RULES, type RuleId } from './catalogue.js';
import type { Statement } from './statement.js';
import { STATEMENTS } from './statements-data.js';

export { STATEMENTS };

/** The parts of a rule's quote, split at its elisions ("…"). */
export function quoteParts(quote: string): string[] {
  return quote
    .split('…')
    .map((p) => p.trim())
    .filter((p) => p.length > 3);
}

/** The rules that check a statement: those quoting part of it, and its `checkedBy`. */
export function rulesOf(statement: Statement): RuleId[] {
  const quoting = (Object.keys(RULES) as RuleId[]).filter((id) =>
    quoteParts(RULES[id].quote).some((p) => statement.text.includes(p)),
  );
  return [...new Set([...quoting, ...(statement.checkedBy ?? [])])];
}

/** The parts of rule quotes found in no statement (a spec rule resting on an HTTP RFC is not looked for). */
export function quotesOutsideStatements(): Array<{ rule: RuleId; part: string }> {
  return (Object.keys(RULES) as RuleId[])
    .filter((id) => !/^RFC /.test(RULES[id].section))
    .flatMap((rule) =>
      quoteParts(RULES[rule].quote)
        .filter((part) => !STATEMENTS.some((s) => s.text.includes(part)))
        .map((part) => ({ rule, part })),
    );
}
