import { RULES, type RuleId } from '../rules/catalogue.js';
import type { Rule } from '../rules/rule.js';
import { OPEN_POINTS } from '../rules/open-points.js';
import { RETIRED_RULES } from '../rules/retired.js';
import { STATEMENTS, rulesOf } from '../rules/statements.js';
import { loadChecks, type CheckModule } from '../check/registry.js';

/** How many checks each rule has, counted from the registry the suite files fill (what a run runs). */
export async function checkCounts(suites: readonly CheckModule[]): Promise<Map<RuleId, number>> {
  const counts = new Map<RuleId, number>();
  for (const d of await loadChecks(suites)) counts.set(d.rule, (counts.get(d.rule) ?? 0) + 1);
  return counts;
}

/** `npx conformance rules`: the catalogue with each rule's check count, then what is not asserted. */
export async function printRules(suites: readonly CheckModule[], print: (line: string) => void): Promise<void> {
  const counts = await checkCounts(suites);
  print(`Rule catalogue (${Object.keys(RULES).length} rules)`);
  print('');
  for (const [id, r] of Object.entries(RULES)) {
    const n = counts.get(id as RuleId) ?? 0;
    print(`${r.level.padEnd(6)} ${id.padEnd(46)} ${String(n).padStart(2)} check${n === 1 ? ' ' : 's'}  ${r.summary}`);
    print(`       § ${r.section}: "${r.quote}"`);
    const rule = r as Rule;
    if (rule.reading === 'strict')
      print(`       strict reading (fatal only with --strict); the other reading: ${rule.otherReading ?? ''}`);
    if (rule.accepts) print(`       accepts either reading: ${rule.accepts}`);
  }
  print('');
  print('Not asserted (the spec says "not shown", or leaves the choice to the server):');
  for (const p of OPEN_POINTS) {
    print(`  - ${p.section}: "${p.quote}"`.concat(p.observed ? ` (observed: ${p.observed})` : ''));
    if (p.why) print(`      why not a rule: ${p.why}`);
  }
  print('');
  print('Retired rule ids (never reused):');
  for (const [id, why] of Object.entries(RETIRED_RULES)) print(`  - ${id}: ${why}`);
}

/**
 * `npx conformance rules --statements`: every normative statement of the spec, with the rules checking it or why none
 * can.
 */
export async function printStatements(suites: readonly CheckModule[], print: (line: string) => void): Promise<void> {
  const counts = await checkCounts(suites);
  const checked = STATEMENTS.filter((s) => rulesOf(s).length > 0).length;
  print(
    `Statements of the spec (${STATEMENTS.length}): ${checked} checked by a rule, ${STATEMENTS.length - checked} with the reason none can`,
  );
  for (const s of STATEMENTS) {
    print('');
    print(`§ ${s.section}: "${s.text}"`);
    const rules = rulesOf(s);
    for (const id of rules) print(`    ${id} (${counts.get(id) ?? 0} checks)`);
    if (s.reason) print(`    ${rules.length > 0 ? 'in part open' : 'no rule'}: ${s.reason}`);
  }
}
