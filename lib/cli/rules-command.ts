import { RULES } from '../rules/catalogue.js';
import type { Rule } from '../rules/rule.js';
import { OPEN_POINTS } from '../rules/open-points.js';
import { checksByRule } from '../rules/check-index.js';
import { RETIRED_RULES } from '../rules/retired.js';

/** `npx conformance rules`: the catalogue with each rule's check count, then what is not asserted. */
export function printRules(print: (line: string) => void): void {
  const counts = checksByRule();
  print(`Rule catalogue (${Object.keys(RULES).length} rules)`);
  print('');
  for (const [id, r] of Object.entries(RULES)) {
    const n = counts.get(id) ?? 0;
    print(`${r.level.padEnd(6)} ${id.padEnd(46)} ${String(n).padStart(2)} check${n === 1 ? ' ' : 's'}  ${r.summary}`);
    print(`       § ${r.section}: "${r.quote}"`);
    const rule = r as Rule;
    if (rule.reading === 'strict') print(`       strict reading (fatal only with --strict); the other reading: ${rule.otherReading ?? ''}`);
  }
  print('');
  print('Not asserted (the spec says "not shown", or leaves the choice to the server):');
  for (const p of OPEN_POINTS) {
    print(`  - ${p.section}: "${p.quote}"${p.observed ? ` (observed: ${p.observed})` : ''}`);
    if (p.why) print(`      why not a rule: ${p.why}`);
  }
  print('');
  print('Retired rule ids (never reused):');
  for (const [id, why] of Object.entries(RETIRED_RULES)) print(`  - ${id}: ${why}`);
}
