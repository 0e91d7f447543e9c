import type { Faker } from '@faker-js/faker';
import { fnv1a } from '../util/fnv1a.js';
import { mersenne53 } from './mersenne.js';
// Only the English locale: the package's main entry loads every locale, about 0.14 s of start-up.
import { faker as english } from '@faker-js/faker/locale/en';

/** The Faker class, from the English instance (the locale entry exports no class of its own). */
const FakerClass = english.constructor as typeof Faker;

/**
 * Fakers no check uses any more. Building one costs a third of a millisecond and a run's checks build
 * hundreds; a seed sets all of a faker's state (the suite sets no reference date), so one seeded again
 * gives what a new one seeded so gives.
 */
const spare: Faker[] = [];
const SPARE_MOST = 64;

/**
 * A faker seeded from the run's seed and the check's name: each check gets its own repeatable
 * sequence, independent of which checks ran before it (one global seed would tie the data to order).
 * Its randomizer is faker's own, seeded cheaply (lib/check/mersenne.ts): the same values.
 */
export function fakerFor(seed: number, name: string): Faker {
  const f = spare.pop() ?? new FakerClass({ locale: [english.rawDefinitions], randomizer: mersenne53() });
  f.seed([seed, fnv1a(name)]);
  return f;
}

/** The check that had `f` ended: the next check's faker may be it, seeded afresh. */
export function fakerDone(f: Faker): void {
  if (spare.length < SPARE_MOST && !spare.includes(f)) spare.push(f);
}

/**
 * What `use` makes of a faker seeded so, the faker given back at once: a generated input draws one value
 * from a faker of its own seed, and a run draws hundreds (each a new faker before).
 */
export function withFaker<T>(seed: number, name: string, use: (f: Faker) => T): T {
  const f = fakerFor(seed, name);
  try {
    return use(f);
  } finally {
    fakerDone(f);
  }
}
