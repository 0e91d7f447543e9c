import type { CoverageMap } from '../coverage/coverage-map.js';
import { htmlEscape as e } from './html-escape.js';

/**
 * report.html's traceability section: per section of the spec, how many of its statements the run's
 * rules checked and how they came out (folded, each statement with its rules), then the open points
 * with their variations and the contract the run never exercised.
 */
export function coverageHtml(map: CoverageMap): string {
  const sections = map.sections
    .map((s) => {
      const ids = [...new Set(s.statements.flatMap((st) => st.rules))];
      const outcome = (o: string) => ids.filter((id) => map.rules[id]?.outcome === o).length;
      const head =
        `${e(s.section)} <span class="n">· ${s.statements.length} statement${s.statements.length === 1 ? '' : 's'}, ` +
        `${ids.length} rule${ids.length === 1 ? '' : 's'}: ${outcome('passed')} passed, ${outcome('failed')} failed, ${outcome('blocked')} blocked, ` +
        `${outcome('skipped') + outcome('not run')} not tested${outcome('not applicable') > 0 ? `, ${outcome('not applicable')} not applicable` : ''}</span>`;
      const rows = s.statements
        .map(
          (st) =>
            `<li><q>${e(st.text)}</q><br><span class="n">${
              st.rules.length > 0
                ? st.rules
                    .map(
                      (id) =>
                        `${e(id)} (${map.rules[id]?.checks ?? 0} checks${map.rules[id]?.outcome ? `, ${map.rules[id]!.outcome}` : ''})`,
                    )
                    .join(' · ')
                : `no rule: ${e(st.reason ?? 'not judged')}`
            }</span></li>`,
        )
        .join('');
      return `<details><summary>${head}</summary><ul>${rows}</ul></details>`;
    })
    .join('\n');
  const open = map.openPoints
    .map(
      (p) =>
        `<li>${e(p.section)}: <q>${e(p.quote)}</q>${p.variations.length > 0 ? ` <span class="n">· variations: ${e(p.variations.join(', '))}</span>` : ''}</li>`,
    )
    .join('');
  const others = map.silences.map((v) => `<li><span class="id">${e(v.id)}</span>: <q>${e(v.quote)}</q></li>`).join('');
  const c = map.contract;
  const contract = c
    ? `<p>Operations exercised: ${c.operations.exercised.length} of ${c.operations.exercised.length + c.operations.neverSeen.length}` +
      `${c.operations.neverSeen.length > 0 ? `; never seen: ${e(c.operations.neverSeen.join(', '))}` : ''}. Error codes seen: ${c.errorCodes.seen.length} of ` +
      `${c.errorCodes.seen.length + c.errorCodes.neverSeen.length}${c.errorCodes.neverSeen.length > 0 ? `; never seen: ${e(c.errorCodes.neverSeen.join(', '))}` : ''}.</p>`
    : '';
  return (
    `<section id="coverage"><h2>Coverage of the spec</h2>${contract}${sections}` +
    `<details><summary>Points the spec leaves open (${map.openPoints.length}), with the legal variations that prove either choice passes</summary><ul>${open}</ul></details>` +
    `<details><summary>Other choices the spec's words leave to a server (${map.silences.length}), each a variation the suite passes</summary><ul>${others}</ul></details></section>`
  );
}
