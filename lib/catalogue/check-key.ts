import { fnv1a } from '../util/fnv1a.js';

/**
 * The key of one check: its rule id and six hex digits of its title's hash
 * (`robustness.no-5xx@1f0c3a`). `--only` takes it to run exactly that check (a rule id runs every
 * check of the rule), so a finding's rerun runs the check that found it and nothing else. Short, no
 * comma and nothing a shell expands; stable while the check's title is.
 */
export function checkKey(rule: string, title: string): string {
  return `${rule}@${fnv1a(title).toString(16).padStart(8, '0').slice(0, 6)}`;
}

/** `rule@hhhhhh`: a pattern naming one check. */
export const CHECK_KEY = /^([a-z0-9][a-z0-9.-]*)@([0-9a-f]{6})$/;
