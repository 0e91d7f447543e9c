import type { RuleId } from '../spec/register.js';
import { ruleEntries, type Catalogue } from '../catalogue/catalogue.js';
import { rulesOf } from '../catalogue/statements.js';
import type { CheckResult } from '../check/result.js';
import { ruleOutcomes, type RuleOutcome } from '../certificate/certificate-file.js';

/** A legal variation as the map needs it: the choice, and the spec's words that leave it open. */
export interface VariationRef {
  id: string;
  quote: string;
}

/**
 * The traceability map, built from the catalogue, the statements, the registry's counts and a run:
 * for each section of the spec its statements, each with the rules that check it (or why none can);
 * each rule once, with its checks and this run's outcome; the points the spec leaves open with the
 * legal variations that prove the suite accepts either choice; and the observed contract's coverage.
 */
export interface CoverageMap {
  sections: Array<{ section: string; statements: Array<{ text: string; rules: RuleId[]; reason?: string }> }>;
  rules: Record<string, { level: string; section: string; checks: number; outcome?: RuleOutcome }>;
  openPoints: Array<{ section: string; quote: string; observed?: string; variations: string[] }>;
  /** variations whose choice is a silence of the spec rather than one of its "not shown" lines */
  silences: VariationRef[];
  contract?: {
    operations: { exercised: string[]; neverSeen: string[] };
    errorCodes: { seen: string[]; neverSeen: string[] };
  };
}

export interface CoverageInput {
  /** the spec's rules, statements and open points (the Spec's catalogue) */
  catalogue: Catalogue;
  /** every stated operation, as the spec writes it (the operation table, lib/operations) */
  endpoints: readonly string[];
  /** checks per rule, from the registry */
  checkCounts: ReadonlyMap<string, number>;
  variations: readonly VariationRef[];
  /** a run's checks and observed contract, when the map is of a run */
  run?: { checks: readonly CheckResult[]; operations: readonly string[]; errorCodes: readonly string[] };
}

const norm = (s: string) =>
  s
    .replace(/^silent:\s*/, '')
    .replace(/[`"“”]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

export function coverageMap(o: CoverageInput): CoverageMap {
  const { catalogue } = o;
  const { openPoints: open, errorCodes } = catalogue;
  const outcomes = o.run ? ruleOutcomes(o.run.checks, catalogue) : undefined;
  const rules: CoverageMap['rules'] = {};
  for (const [id, r] of ruleEntries(catalogue)) {
    const outcome = outcomes?.[id]?.outcome;
    rules[id] = {
      level: r.level,
      section: r.section,
      checks: o.checkCounts.get(id) ?? 0,
      ...(outcome ? { outcome } : {}),
    };
  }
  const placed = new Set<string>();
  const openPoints = open.map((p) => {
    const quote = norm(p.quote);
    const variations = o.variations
      .filter((v) => {
        const vq = norm(v.quote);
        return vq.includes(quote) || quote.includes(vq);
      })
      .map((v) => v.id);
    for (const id of variations) placed.add(id);
    return {
      section: p.section,
      quote: p.quote,
      ...(p.observed !== undefined ? { observed: p.observed } : {}),
      variations,
    };
  });
  const map: CoverageMap = {
    sections: sectionsOf(catalogue),
    rules,
    openPoints,
    silences: o.variations.filter((v) => !placed.has(v.id)).map((v) => ({ id: v.id, quote: v.quote })),
  };
  if (o.run) {
    const ops = new Set(o.run.operations);
    const codes = new Set(o.run.errorCodes);
    map.contract = {
      operations: {
        exercised: o.endpoints.filter((e) => ops.has(e)),
        neverSeen: o.endpoints.filter((e) => !ops.has(e)),
      },
      errorCodes: {
        seen: errorCodes.filter((c) => codes.has(c)),
        neverSeen: errorCodes.filter((c) => !codes.has(c)),
      },
    };
  }
  return map;
}

/** Each section of the spec with its statements, each with the rules that check it or why none can. */
function sectionsOf(catalogue: Catalogue): CoverageMap['sections'] {
  const sections = new Map<string, CoverageMap['sections'][number]>();
  for (const s of catalogue.statements) {
    const entry = sections.get(s.section) ?? { section: s.section, statements: [] };
    const reason = s.reason !== undefined ? { reason: s.reason } : {};
    entry.statements.push({ text: s.text, rules: rulesOf(catalogue, s), ...reason });
    sections.set(s.section, entry);
  }
  return [...sections.values()];
}

/** The map as text, for the console: one section after another. */
export function coverageLines(map: CoverageMap): string[] {
  const out: string[] = [];
  const rulesShown = (ids: readonly RuleId[]) =>
    ids
      .map((id) => {
        const r = map.rules[id]!;
        return `${id} (${r.level}, ${r.checks} check${r.checks === 1 ? '' : 's'}${r.outcome ? `, ${r.outcome}` : ''})`;
      })
      .join('; ');
  for (const s of map.sections) {
    out.push(`§ ${s.section}`);
    for (const st of s.statements) {
      out.push(`  - "${st.text.length > 110 ? `${st.text.slice(0, 109)}…` : st.text}"`);
      out.push(
        st.rules.length > 0
          ? `      checked by ${rulesShown(st.rules)}`
          : `      no rule: ${st.reason ?? 'not judged'}`,
      );
    }
  }
  out.push('', 'Points the spec leaves open, and the legal variations that prove the suite accepts either choice:');
  for (const p of map.openPoints) {
    out.push(
      `  - ${p.section}: "${p.quote}"${p.variations.length > 0 ? ` · variations: ${p.variations.join(', ')}` : ''}${p.observed ? ` · observed: ${p.observed}` : ''}`,
    );
  }
  if (map.silences.length > 0) {
    out.push(
      '',
      "Other choices the spec's words leave to a server, each proven legal by a variation (the words quoted):",
    );
    for (const v of map.silences) out.push(`  - ${v.id}: ${v.quote}`);
  }
  if (map.contract) {
    const c = map.contract;
    out.push(
      '',
      `Operations exercised: ${c.operations.exercised.length} of ${c.operations.exercised.length + c.operations.neverSeen.length}` +
        (c.operations.neverSeen.length > 0 ? `; never seen: ${c.operations.neverSeen.join(', ')}` : ''),
    );
    out.push(
      `Error codes seen: ${c.errorCodes.seen.length} of ${c.errorCodes.seen.length + c.errorCodes.neverSeen.length}` +
        (c.errorCodes.neverSeen.length > 0 ? `; never seen: ${c.errorCodes.neverSeen.join(', ')}` : ''),
    );
  }
  return out;
}
