import type { Faker, Randomizer } from '@faker-js/faker';
import { fnv1a } from '../util/fnv1a.js';
import { mersenne53 } from './mersenne.js';
// Only the English locale: the package's main entry loads every locale, about 0.14 s of start-up.
import { faker as english } from '@faker-js/faker/locale/en';

/** The Faker class, from the English instance (the locale entry exports no class of its own). */
const FakerClass = english.constructor as typeof Faker;

/**
 * A check's faker is a view of one Faker, drawing from the check's own randomizer. Building a Faker
 * costs a third of a millisecond (it binds every method of its two dozen modules), and a run's checks
 * held over a hundred at once; a faker's state is all in its randomizer (the suite sets no reference
 * date), so one Faker drawing from each check's randomizer in turn draws what the check's own would.
 * The randomizer it draws from is set for the length of each call made through a check's view (calls
 * are synchronous: no other check draws in between), and set back after (a call made inside another).
 */
let drawing: Randomizer = seeded(mersenne53(), 5489);
const switching: Randomizer = {
  next: () => drawing.next(),
  seed: (s) => drawing.seed(s),
};
let shared: Faker | undefined;

/** Randomizers no check uses any more: a seed sets all of one's state. */
const spare: Randomizer[] = [];
const SPARE_MOST = 64;

/** Each view's randomizer. */
const randomizers = new WeakMap<Faker, Randomizer>();

/**
 * A faker seeded from the run's seed and the check's name: each check gets its own repeatable
 * sequence, independent of which checks ran before it (one global seed would tie the data to order).
 * Its randomizer is faker's own, seeded cheaply (lib/check/mersenne.ts): the same values.
 */
export function fakerFor(seed: number, name: string): Faker {
  const own = seeded(spare.pop() ?? mersenne53(), [seed, fnv1a(name)]);
  shared ??= new FakerClass({ locale: [english.rawDefinitions], randomizer: switching });
  const view = viewOf(shared, own) as Faker;
  randomizers.set(view, own);
  return view;
}

/** The check that had `f` ended: its randomizer may be the next check's, seeded afresh. */
export function fakerDone(f: Faker): void {
  const own = randomizers.get(f);
  randomizers.delete(f);
  if (own && spare.length < SPARE_MOST && !spare.includes(own)) spare.push(own);
}

/**
 * What `use` makes of a faker seeded so, the faker given back at once: a generated input draws one value
 * from a faker of its own seed, and a run draws hundreds.
 */
export function withFaker<T>(seed: number, name: string, use: (f: Faker) => T): T {
  const f = fakerFor(seed, name);
  try {
    return use(f);
  } finally {
    fakerDone(f);
  }
}

/**
 * `target` (the Faker, or one of its modules) as a check sees it: each function called through it draws
 * from `own`; each module read through it is a view too. Functions and module views are made once per view.
 */
function viewOf(target: object, own: Randomizer): object {
  const made = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(t, key) {
      const known = made.get(key);
      if (known !== undefined) return known;
      const v: unknown = Reflect.get(t, key, t);
      let out: unknown = v;
      if (typeof v === 'function') out = drawingFrom(own, v as (...a: unknown[]) => unknown, t);
      else if (typeof v === 'object' && v !== null && (v as { faker?: unknown }).faker === shared) out = viewOf(v, own);
      else return v;
      made.set(key, out);
      return out;
    },
  });
}

/** `fn` (of `self`), drawing from `own` while it runs. */
function drawingFrom(own: Randomizer, fn: (...a: unknown[]) => unknown, self: object) {
  return (...args: unknown[]): unknown => {
    const before = drawing;
    drawing = own;
    try {
      return fn.apply(self, args);
    } finally {
      drawing = before;
    }
  };
}

function seeded(r: Randomizer, seed: number | number[]): Randomizer {
  r.seed(seed);
  return r;
}
