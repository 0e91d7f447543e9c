import fc from 'fast-check';
import type { CheckContext } from './context.js';
import { NonConformance } from './non-conformance.js';
import { fnv1a } from '../util/fnv1a.js';
import { rerunCommand } from '../evidence/rerun.js';

/** How many more runs than --cases shrinking may take: each run sends requests, so it is bounded. */
const SHRINK_RUNS = 40;

/**
 * Runs a property of the server over `c.target.cases` generated inputs (fast-check), seeded from the
 * run's seed and the check's label, so `--seed N --only <rule>` repeats the same inputs. `holds`
 * sends the requests for one input and throws a NonConformance when the answer breaks a rule.
 *
 * On a failure fast-check shrinks the input to the smallest that still fails (at most SHRINK_RUNS
 * more runs; past them every run counts as passing, which ends the shrinking at the smallest failure
 * found so far), and the check fails with that input, the seed, the path and the command that
 * repeats it. `examples` run first, on every run. A step that blocked or skipped the check is not a failure of the property: it ends the
 * property at once, unshrunk, and is rethrown as it was.
 */
export async function holdsForAll<T>(
  c: CheckContext,
  label: string,
  input: fc.Arbitrary<T>,
  holds: (value: T) => Promise<void>,
  examples: readonly T[] = [],
  cases: number = c.target.cases,
): Promise<void> {
  const key = `${c.rule}:${label}`;
  const seed = seedOf(c.target.seed, key);
  // inputs that failed in an earlier run (--examples FILE) go first: a deviation once found is
  // re-checked on every run until it is fixed, whatever the seed draws
  const replayed = (c.target.examples?.[key] ?? []) as T[];
  examples = [...replayed, ...examples];
  let runs = 0;
  let stop: unknown;
  // inputs whose answer let the property judge its own rule, and the last that broke another rule
  let judged = 0;
  let sideways: NonConformance | undefined;
  const property = fc.asyncProperty(input, async (value) => {
    if (stop !== undefined || runs >= examples.length + cases + SHRINK_RUNS) return;
    runs += 1;
    try {
      await holds(value);
      judged += 1;
    } catch (err) {
      // the property's own rule fails it (and is shrunk)
      if (err instanceof NonConformance && err.violation.rule === c.rule) throw err;
      // another rule broken by this input (a value's shape, a strict reading) is a finding of that
      // rule; the property goes on with the next input
      if (err instanceof NonConformance && err.exchange) {
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
      rule: v.rule,
      expected: v.expected,
      actual: `${v.actual}; smallest failing input ${shrunk} (after ${details.numShrinks} shrinks; fast-check seed ${seed}, path ${details.counterexamplePath}); repeat: ${rerunCommand(c.rule, c.target.seed, c.target.rerun)}`,
    },
    err.exchange,
  );
  failure.example = { key, input: details.counterexample?.[0] };
  throw failure;
}

/** A 31-bit seed from the run's seed and a name (FNV-1a), as faker's per-check seed is made. */
function seedOf(seed: number, name: string): number {
  return fnv1a(name, seed) & 0x7fffffff;
}
