import type { RuleId } from '../spec/register.js';

/**
 * One normative statement of the spec (a table row, or a paragraph or list), quoted word for word.
 * The rules checking it are those whose quote (each part between "…") it contains, plus `checkedBy`
 * for rules that check it through a schema while quoting another line; one it has no rule for
 * carries the `reason` no check can judge it.
 */
export interface Statement {
  section: string;
  text: string;
  checkedBy?: readonly RuleId[];
  reason?: string;
}
