import type { Exchange } from '../http/exchange.js';
import fc from 'fast-check';
import type { CheckContext } from './context.js';
import { NonConformance } from './non-conformance.js';
import { fnv1a } from '../util/fnv1a.js';
import { rerunCommand } from '../evidence/rerun.js';
import type { Faker } from '@faker-js/faker';
import { fakerFor } from './faker.js';

/** How many more runs than --cases shrinking may take: each run sends requests, so it is bounded. */
const SHRINK_RUNS = 40;

/** How a property runs: inputs tried first, how many, and whether its inputs may run at once. */
export interface PropertyOptions<T> {
  /** inputs tried first, on every run, before the generated ones (they count in `cases`) */
  examples?: readonly T[];
  /** inputs in all (default --cases) */
  cases?: number;
  /**
   * each input makes its own records and touches no other input's: all are sent at once, and the
   * property's chain of dependent requests is one input's, not the sum of them all (a run against a
   * distant server waits on that chain). Only a failure runs them again one after another, to shrink.
   */
  independent?: boolean;
}

/**
 * Runs a property of the server over `cases` generated inputs (fast-check), seeded from the
 * run's seed and the check's label, so `--seed N --only <rule>` repeats the same inputs. `holds`
 * sends the requests for one input and throws a NonConformance when the answer breaks a rule; it
 * gets the input's own context, whose faker is seeded by the input's place (`#i`), so the filler
 * data of an input does not depend on the order in which the inputs run.
 *
 * On a failure fast-check shrinks the input to the smallest that still fails (at most SHRINK_RUNS
 * more runs; past them every run counts as passing, which ends the shrinking at the smallest failure
 * found so far), and the check fails with that input, the seed, the path and the command that
 * repeats it. `examples` run first, on every run. A step that blocked or skipped the check is not a
 * failure of the property: it ends the property at once, unshrunk, and is rethrown as it was.
 */
export async function holdsForAll<T>(
  c: CheckContext,
  label: string,
  input: fc.Arbitrary<T>,
  holds: (value: T, cc: CheckContext) => Promise<void>,
  o: PropertyOptions<T> = {},
): Promise<void> {
  const cases = o.cases ?? c.target.cases;
  const key = `${c.rule}:${label}`;
  const seed = seedOf(c.target.seed, key);
  // inputs that failed in an earlier run (--examples FILE) go first: a deviation once found is
  // re-checked on every run until it is fixed, whatever the seed draws
  const replayed = (c.target.examples?.[key] ?? []) as T[];
  const examples = [...replayed, ...(o.examples ?? [])];
  if (o.independent && (await allHoldAtOnce(c, key, seed, input, holds, examples, cases))) return;
  // run again after the inputs went at once (to shrink a failure): each input draws filler of its own
  // again, so its records (an upsert's match values) never meet those the first pass left
  const again = o.independent ? '/again' : '';
  let runs = 0;
  let stop: unknown;
  // inputs whose answer let the property judge its own rule, and the last that broke another rule
  let judged = 0;
  let sideways: NonConformance | undefined;
  const property = fc.asyncProperty(input, async (value) => {
    if (stop !== undefined || runs >= examples.length + cases + SHRINK_RUNS) return;
    const at = runs;
    runs += 1;
    try {
      await holds(value, caseContext(c, `${key}${again}`, at));
      judged += 1;
    } catch (err) {
      // the property's own rule fails it (and is shrunk)
      if (err instanceof NonConformance && err.violation.rule === c.rule) throw err;
      // another rule broken by this input (a value's shape, a strict reading) is a finding of that
      // rule; the property goes on with the next input
      if (err instanceof NonConformance && err.exchange && !forTheUser(c, err.exchange)) {
        c.found(err.violation, err.exchange);
        sideways = err;
        return;
      }
      stop = err; // blocked, skipped, another rule, a suite bug: not the property's failure
    }
  });
  // examples run first, whatever the seed: the cases a random draw might miss
  const details = await fc.check(property, { seed, numRuns: cases, examples: examples.map((e) => [e] as [T]) });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what the property caught
  if (stop !== undefined) throw stop;
  // no input could be judged, each answer broke another rule first: the check is blocked on it
  if (!details.failed && judged === 0 && sideways) throw sideways;
  if (!details.failed) return;
  const err = details.errorInstance;
  if (!(err instanceof NonConformance)) throw err instanceof Error ? err : new Error(String(err));
  const shrunk = fc.stringify(details.counterexample?.[0]);
  const v = err.violation;
  const failure = new NonConformance(
    {
      ...v,
      actual: `${v.actual}; smallest failing input ${shrunk} (after ${details.numShrinks} shrinks; fast-check seed ${seed}, path ${details.counterexamplePath}); repeat: ${rerunCommand({ rule: c.rule, title: c.title }, c.target.seed, c.target.rerun)}`,
    },
    err.exchange,
  );
  failure.example = { key, input: details.counterexample?.[0] };
  throw failure;
}

/**
 * The inputs fast-check would try (the examples, then the seed's draws: fc.sample gives the same
 * values as fc.check), all sent at once. True when that settles the property: every input held, or
 * broke another rule (recorded), or a step stopped it (rethrown, the first in input order, as the
 * one-after-another run would). False when an input broke the property's own rule: the caller then
 * runs the inputs one after another, which finds the same failure and shrinks it.
 */
async function allHoldAtOnce<T>(
  c: CheckContext,
  key: string,
  seed: number,
  input: fc.Arbitrary<T>,
  holds: (value: T, cc: CheckContext) => Promise<void>,
  examples: readonly T[],
  cases: number,
): Promise<boolean> {
  const drawn = fc.sample(input, { seed, numRuns: Math.max(0, cases - examples.length) });
  const values = [...examples, ...drawn].slice(0, Math.max(cases, examples.length));
  const outcomes = await Promise.allSettled(values.map((v, i) => holds(v, caseContext(c, key, i))));
  const failures = outcomes.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (failures.some((err) => err instanceof NonConformance && err.violation.rule === c.rule)) return false;
  // in input order, as one after another: another rule's findings up to the first step that stopped it
  let sideways: NonConformance | undefined;
  for (const err of failures) {
    if (!(err instanceof NonConformance && err.exchange) || forTheUser(c, err.exchange)) throw err;
    c.found(err.violation, err.exchange);
    sideways = err;
  }
  // no input could be judged, each answer broke another rule first: the check is blocked on it
  if (sideways && failures.length === values.length) throw sideways;
  return true;
}

/** A refusal for a fact of the user's (a required field, an unknown fixtures name): it blocks the check, no finding. */
function forTheUser(c: CheckContext, ex: Exchange): boolean {
  return c.target.judges.refusedForTheUser(ex, c.target) !== undefined;
}

/** The context one input runs in: the check's, with a faker of the input's own (seeded by its place). */
function caseContext(c: CheckContext, key: string, at: number): CheckContext {
  let faker: Faker | undefined;
  return Object.create(c, {
    faker: { get: () => (faker ??= fakerFor(c.target.seed, `${key}#${at}`)) },
  }) as CheckContext;
}

/** A 31-bit seed from the run's seed and a name (FNV-1a), as faker's per-check seed is made. */
function seedOf(seed: number, name: string): number {
  return fnv1a(name, seed) & 0x7fffffff;
}
