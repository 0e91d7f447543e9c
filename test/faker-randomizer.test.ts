import { describe, expect, it } from 'vitest';
import { generateMersenne53Randomizer } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';
import { mersenne53 } from '../lib/check/mersenne.js';
import { fakerFor, fakerDone } from '../lib/check/faker.js';
import { fnv1a } from '../lib/util/fnv1a.js';

/** `n` numbers a randomizer draws after `seed`. */
function drawn(r: { seed(s: number | number[]): void; next(): number }, seed: number | number[], n: number): number[] {
  r.seed(seed);
  return Array.from({ length: n }, () => r.next());
}

describe("the checks' fakers draw what faker's own randomizer draws", () => {
  // a run's seeds: the run's seed and a check's name hashed; numbers past 32 bits and negative ones too
  const seeds: Array<number | number[]> = [
    [0, 0],
    [42, fnv1a('contacts: create a contact')],
    [2 ** 32 - 1, 2 ** 31],
    [-5, 7, 2 ** 40 + 3],
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20].concat(Array(700).fill(99) as number[]),
    [],
    0,
    5489,
    2 ** 32 + 17,
    -1,
    123.75,
  ];
  for (const seed of seeds) {
    it(`seeded ${JSON.stringify(seed).slice(0, 40)}: the same numbers, past a twist of the state`, () => {
      const ours = mersenne53();
      // 700 draws take 1400 words: the state twists twice
      expect(drawn(ours, seed, 700)).toEqual(drawn(generateMersenne53Randomizer(), seed, 700));
      // seeded again after use, as a faker given back is (lib/check/faker.ts)
      expect(drawn(ours, [7, 8], 5)).toEqual(drawn(generateMersenne53Randomizer(), [7, 8], 5));
    });
  }

  it("a check's faker makes the values faker's own randomizer makes", () => {
    const Faker = english.constructor as new (o: object) => typeof english;
    for (const name of ['tasks: a task', 'generated: contact #3', 'errors: unknown path']) {
      const theirs = new Faker({ locale: [english.rawDefinitions] });
      theirs.seed([7, fnv1a(name)]);
      const ours = fakerFor(7, name);
      const values = (f: typeof english) => [f.person.fullName(), f.string.alphanumeric(20), f.internet.email()];
      expect(values(ours)).toEqual(values(theirs));
      fakerDone(ours);
    }
  });
});

describe("the checks' fakers are views of one Faker", () => {
  const alone = (name: string) => {
    const f = fakerFor(3, name);
    const out = [f.person.firstName(), f.string.alphanumeric(12), f.number.int(1000), f.internet.email()];
    fakerDone(f);
    return out;
  };

  it('two checks drawing in turn each draw what each would alone', () => {
    const [a, b] = [fakerFor(3, 'check a'), fakerFor(3, 'check b')];
    const drawn: string[][] = [[], []];
    const steps = [
      (f: typeof a) => f.person.firstName(),
      (f: typeof a) => f.string.alphanumeric(12),
      (f: typeof a) => String(f.number.int(1000)),
      (f: typeof a) => f.internet.email(),
    ];
    for (const step of steps) {
      drawn[0]!.push(step(a));
      drawn[1]!.push(step(b));
    }
    expect(drawn[0]).toEqual(alone('check a').map(String));
    expect(drawn[1]).toEqual(alone('check b').map(String));
  });

  it("a draw of another check's faker inside a call of one leaves the first drawing from its own", () => {
    const [a, b] = [fakerFor(5, 'outer'), fakerFor(5, 'inner')];
    const inner: string[] = [];
    const outer = a.helpers.multiple(
      () => {
        inner.push(b.string.alpha(6));
        return a.string.alpha(6);
      },
      { count: 3 },
    );
    const [a2, b2] = [fakerFor(5, 'outer'), fakerFor(5, 'inner')];
    expect(inner).toEqual([b2.string.alpha(6), b2.string.alpha(6), b2.string.alpha(6)]);
    // helpers.multiple draws no number of its own for a fixed count: the outer values are a's alone
    expect(outer).toEqual([a2.string.alpha(6), a2.string.alpha(6), a2.string.alpha(6)]);
  });
});
