import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { compatibleVariations, VARIATIONS, type Variation } from '../../reference/variations/registry.js';
import { referenceWithFixtures } from '../support/loopback.js';
import { runSuite, type ReportCheck, type SuiteRun } from './detect.js';

/**
 * The legal-variation self-check, shared by test/variations.test.ts and `npm run verify`: the suite
 * runs against the reference server with one variation (a choice the spec leaves open, made the
 * other way) and must pass it as it passes the default: no failed MUST check outside the strict
 * reading, none blocked, and a skip only where it names a fixture key the run lacks.
 */
export interface VariationOutcome {
  id: string;
  code: number | null;
  passed: boolean;
  /** what kept it from passing: failed or blocked checks, skips that name no fixture key, no report */
  problems: string[];
  ms: number;
}

/** A skip a conforming server may cause: one that names the fixtures key that would let it run. */
const FIXTURE_SKIP = /^fixtures: `[A-Za-z0-9_.]+`/;

export function problemsOf(checks: readonly ReportCheck[]): string[] {
  const out: string[] = [];
  for (const c of checks) {
    const strict = c.reading === 'strict';
    if (c.status === 'failed' && c.level === 'MUST' && !strict) out.push(`failed ${c.id}: ${c.title}: ${c.message}`);
    if (c.status === 'blocked' && c.level === 'MUST') out.push(`blocked ${c.id}: ${c.title}: ${c.message}`);
    if (c.status === 'skipped' && !FIXTURE_SKIP.test(c.message)) out.push(`skipped ${c.id}: ${c.title}: ${c.message}`);
  }
  return out;
}

export function outcomeOfVariation(id: string, run: SuiteRun): VariationOutcome {
  const problems = run.error !== undefined ? [run.error] : problemsOf(run.checks);
  return { id, code: run.code, passed: run.code === 0 && problems.length === 0, problems, ms: run.ms };
}

/** `--variation` flags of one or more variations. */
export function variationArgs(variations: readonly Pick<Variation, 'id'>[]): string[] {
  return variations.flatMap((v) => ['--variation', v.id]);
}

/**
 * Runs the suite against the variation. `focused`: only the checks it affects (`--only`), as the
 * fault matrix of `npm test` does; `npm run verify` runs the whole suite.
 */
export async function checkVariation(
  v: Pick<Variation, 'id' | 'affects'>,
  o: { focused?: boolean; inProcess?: boolean } = {},
): Promise<VariationOutcome> {
  const only = o.focused && !v.affects.includes('*') ? ['--only', v.affects.join(',')] : [];
  return outcomeOfVariation(
    v.id,
    await runSuite([...variationArgs([v]), ...only], { inProcess: o.inProcess ?? false }),
  );
}

/** Every variation that combines with the others, on one server. */
export async function checkAllTogether(o: { inProcess?: boolean } = {}): Promise<VariationOutcome> {
  const together = compatibleVariations(VARIATIONS);
  return outcomeOfVariation(
    `all compatible (${together.length})`,
    await runSuite(variationArgs(together), { inProcess: o.inProcess ?? false }),
  );
}

export function variationScore(outcomes: readonly VariationOutcome[]): string {
  return `legal variations: ${outcomes.filter((o) => o.passed).length}/${outcomes.length} passed`;
}

/** The variations under which a server holds values unique: a run meets the records of every earlier one. */
export const UNIQUENESS_VARIATIONS = ['contact-email-unique', 'account-name-unique'] as const;

/**
 * The suite run `runs` times in a row against one reference server with `variations` on, each run
 * meeting the records the runs before it left: every run must pass as a variation run does (no failed
 * MUST check outside the strict reading, none blocked, skips only for fixture keys) and end with the
 * first run's verdict and exit status. The fixtures are the reference's complete ones: its
 * `taskToArchive` list holds a task to give up for each of the runs (a run archives one for good), so
 * every run is complete.
 */
export async function checkRunsInARow(
  variations: readonly string[] = UNIQUENESS_VARIATIONS,
  o: { runs?: number; inProcess?: boolean } = {},
): Promise<VariationOutcome> {
  const runs = o.runs ?? 2;
  const id = `${runs} runs in a row (${variations.join(', ')})`;
  const started = Date.now();
  const { reference, dir } = await referenceWithFixtures({ variations: [...variations] });
  try {
    const fixtures = reference.fixtures;
    const givenUp = [fixtures.taskToArchive ?? []].flat().length;
    if (givenUp < runs) throw new Error(`the reference hands out ${givenUp} tasks to archive, fewer than ${runs} runs`);
    const file = path.join(dir, 'fixtures.json');
    writeFileSync(file, JSON.stringify({ ...fixtures, baseUrl: reference.baseUrl, ...reference.keys }));
    const problems: string[] = [];
    let first: SuiteRun | undefined;
    for (let i = 1; i <= runs; i++) {
      const run = await runSuite(['--fixtures', file], { inProcess: o.inProcess ?? false });
      first ??= run;
      const own = run.error !== undefined ? [run.error] : problemsOf(run.checks);
      problems.push(...own.map((p) => `run ${i}: ${p}`));
      if (run.verdict !== first.verdict || run.code !== first.code)
        problems.push(
          `run ${i}: verdict ${String(run.verdict)} (exit ${String(run.code)}), run 1: ${String(first.verdict)} (exit ${String(first.code)})`,
        );
    }
    const code = first?.code ?? null;
    return { id, code, passed: code === 0 && problems.length === 0, problems, ms: Date.now() - started };
  } finally {
    await reference.close();
  }
}
