import type { Randomizer } from '@faker-js/faker';

/**
 * Faker's own randomizer (MT19937, 53-bit floats: `generateMersenne53Randomizer`), the same numbers
 * from the same seed, its state kept in an Int32Array. Faker's keeps it in an array of doubles that it
 * makes anew on every seed (0.075 ms a seed, 0.011 ms here once optimised), and a run seeds one for
 * each check and generated input that draws, some two hundred. Every use of a state word goes through
 * a 32-bit integer operation, so the word modulo 2^32 is all the state there is. Seed it before the
 * first draw.
 */
export function mersenne53(): Randomizer {
  const mt = new Int32Array(N);
  let index = 0;
  const nextU32 = (): number => {
    let y = mt[index]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    if (++index >= N) {
      twisted(mt);
      index = 0;
    }
    return y >>> 0;
  };
  // faker calls `next` as a bare function (no `this`): closures, not methods
  const seed = (s: number | number[]): void => {
    if (typeof s === 'number') initialized(mt, s);
    else byArray(mt, s);
    twisted(mt);
    index = 0;
  };
  return {
    seed,
    next: () => {
      const a = nextU32() >>> 5;
      const b = nextU32() >>> 6;
      return (a * 67108864 + b) * 2 ** -53;
    },
  };
}

const N = 624;
const M = 397;
const UPPER = 0x80000000 | 0;
const LOWER = 0x7fffffff;
const MATRIX = 0x9908b0df | 0;

/** init_genrand: the state from one number. */
function initialized(mt: Int32Array, s: number): void {
  mt[0] = s;
  for (let i = 1; i < N; i++) {
    const p = mt[i - 1]!;
    mt[i] = Math.imul(1812433253, p ^ (p >>> 30)) + i;
  }
}

/** init_by_array's start, the same for every list: worked out once. */
let arrayStart: Int32Array | undefined;

/** init_by_array: the state from a list of numbers (faker's `seed([a, b])`). */
function byArray(mt: Int32Array, key: number[]): void {
  if (arrayStart === undefined) {
    arrayStart = new Int32Array(N);
    initialized(arrayStart, 19650218);
  }
  mt.set(arrayStart);
  let i = 1;
  let j = 0;
  for (let k = Math.max(N, key.length); k > 0; k--) {
    const p = mt[i - 1]!;
    // as faker sums it: in doubles, then cut to 32 bits (the key's numbers may be past 32 bits)
    mt[i] = (mt[i]! ^ Math.imul(p ^ (p >>> 30), 1664525)) + key[j]! + j;
    i++;
    j++;
    if (i >= N) {
      mt[0] = mt[N - 1]!;
      i = 1;
    }
    if (j >= key.length) j = 0;
  }
  for (let k = N - 1; k > 0; k--) {
    const p = mt[i - 1]!;
    mt[i] = (mt[i]! ^ Math.imul(p ^ (p >>> 30), 1566083941)) - i;
    i++;
    if (i >= N) {
      mt[0] = mt[N - 1]!;
      i = 1;
    }
  }
  mt[0] = UPPER;
}

/** The next 624 words (three loops: no index wraps inside one). */
function twisted(mt: Int32Array): void {
  let k = 0;
  for (; k < N - M; k++) mt[k] = mixed(mt[k + M]!, mt[k]!, mt[k + 1]!);
  for (; k < N - 1; k++) mt[k] = mixed(mt[k + M - N]!, mt[k]!, mt[k + 1]!);
  mt[N - 1] = mixed(mt[M - 1]!, mt[N - 1]!, mt[0]!);
}

function mixed(far: number, at: number, next: number): number {
  const y = (at & UPPER) | (next & LOWER);
  return far ^ (y >>> 1) ^ (-(y & 1) & MATRIX);
}
