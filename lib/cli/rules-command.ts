import type { RuleId } from '../spec/register.js';
import { ruleEntries } from '../catalogue/catalogue.js';
import { rulesOf } from '../catalogue/statements.js';
import { loadChecks } from '../check/registry.js';
import type { Spec } from './spec.js';

/** What the rule listings read: the suite files and the catalogue the composition root hands down. */
type Rules = Pick<Spec, 'suites' | 'catalogue'>;

/** How many checks each rule has, counted from the registry the suite files fill (what a run runs). */
export async function checkCounts(spec: Rules): Promise<Map<RuleId, number>> {
  const counts = new Map<RuleId, number>();
  for (const d of await loadChecks(spec.suites, spec.catalogue)) counts.set(d.rule, (counts.get(d.rule) ?? 0) + 1);
  return counts;
}

/** `npx conformance rules`: the catalogue with each rule's check count, then what is not asserted. */
export async function printRules(spec: Rules, print: (line: string) => void): Promise<void> {
  const counts = await checkCounts(spec);
  const { openPoints, retired } = spec.catalogue;
  const rules = ruleEntries(spec.catalogue);
  print(`Rule catalogue (${rules.length} rules)`);
  print('');
  for (const [id, rule] of rules) {
    const n = counts.get(id) ?? 0;
    print(
      `${rule.level.padEnd(6)} ${id.padEnd(46)} ${String(n).padStart(2)} check${n === 1 ? ' ' : 's'}  ${rule.summary}`,
    );
    print(`       § ${rule.section}: "${rule.quote}"`);
    if (rule.reading === 'strict')
      print(`       strict reading (fatal only with --strict); the other reading: ${rule.otherReading ?? ''}`);
    if (rule.accepts) print(`       accepts either reading: ${rule.accepts}`);
  }
  print('');
  print('Not asserted (the spec says "not shown", or leaves the choice to the server):');
  for (const p of openPoints) {
    print(`  - ${p.section}: "${p.quote}"`.concat(p.observed ? ` (observed: ${p.observed})` : ''));
    if (p.why) print(`      why not a rule: ${p.why}`);
  }
  print('');
  print('Retired rule ids (never reused):');
  for (const [id, why] of Object.entries(retired)) print(`  - ${id}: ${why}`);
}

/**
 * `npx conformance rules --statements`: every normative statement of the spec, with the rules checking it or why none
 * can.
 */
export async function printStatements(spec: Rules, print: (line: string) => void): Promise<void> {
  const counts = await checkCounts(spec);
  const all = spec.catalogue.statements;
  const checked = all.filter((s) => rulesOf(spec.catalogue, s).length > 0).length;
  print(
    `Statements of the spec (${all.length}): ${checked} checked by a rule, ${all.length - checked} with the reason none can`,
  );
  for (const s of all) {
    print('');
    print(`§ ${s.section}: "${s.text}"`);
    const rules = rulesOf(spec.catalogue, s);
    for (const id of rules) print(`    ${id} (${counts.get(id) ?? 0} checks)`);
    if (s.reason) print(`    ${rules.length > 0 ? 'in part open' : 'no rule'}: ${s.reason}`);
  }
}
