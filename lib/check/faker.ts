import type { Faker } from '@faker-js/faker';
import { fnv1a } from '../util/fnv1a.js';
// Only the English locale: the package's main entry loads every locale, about 0.14 s of start-up.
import { faker as english } from '@faker-js/faker/locale/en';

/** The Faker class, from the English instance (the locale entry exports no class of its own). */
const FakerClass = english.constructor as typeof Faker;

/**
 * A faker seeded from the run's seed and the check's name: each check gets its own repeatable
 * sequence, independent of which checks ran before it (one global seed would tie the data to order).
 */
export function fakerFor(seed: number, name: string): Faker {
  const f = new FakerClass({ locale: [english.rawDefinitions] });
  f.seed([seed, fnv1a(name)]);
  return f;
}
