import { ALL_VARIATIONS } from './all.js';
import type { Variation } from './define.js';

export { defineVariation, type Variation } from './define.js';

/** Every legal variation, one file each under reference/variations/, listed in all.ts. */
export const VARIATIONS: readonly Variation[] = ALL_VARIATIONS;

export function knownVariationIds(): string[] {
  return VARIATIONS.map((v) => v.id);
}

export function variationById(id: string): Variation | undefined {
  return VARIATIONS.find((v) => v.id === id);
}

/** The variations named in the options; an unknown name is a programming error. */
export function resolveVariations(names: readonly string[]): Variation[] {
  return names.map((name) => {
    const variation = variationById(name);
    if (!variation) throw new Error(`Unknown variation "${name}". Known variations: ${knownVariationIds().join(', ')}`);
    return variation;
  });
}

/** The variations that can all run on one server: each one's conflicts left out, first come first kept. */
export function compatibleVariations(list: readonly Variation[] = VARIATIONS): Variation[] {
  const kept: Variation[] = [];
  for (const v of list) {
    const clash = kept.some((k) => (k.conflicts ?? []).includes(v.id) || (v.conflicts ?? []).includes(k.id));
    if (!clash) kept.push(v);
  }
  return kept;
}
