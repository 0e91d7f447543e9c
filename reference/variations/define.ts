import type { ServerState } from '../server.js';

/**
 * One legal variation of the reference server: a choice the spec leaves open, made the other way
 * from the default profile. `quote` is the spec's sentence (or, for a silence, what the spec says
 * around it) that leaves the choice to the server; `affects` names the checks (rule ids or globs,
 * as `--only` takes them) whose verdict the choice could change, which `npm test` runs against it.
 * A conforming server may make this choice, so the whole suite must pass it.
 * Kept apart from registry.ts so variation files and the registry never import each other.
 */
export interface Variation {
  id: string;
  /** the choice in one sentence, as a real server would make it */
  description: string;
  /** the spec's words that leave the choice open (verbatim, or "silent: …" naming what it does not say) */
  quote: string;
  affects: readonly string[];
  /** variations this one cannot be combined with (they make the same choice differently) */
  conflicts?: readonly string[];
  apply: (state: ServerState) => void;
}

export function defineVariation(variation: Variation): Variation {
  return variation;
}

/** `apply` of a variation that a one-line hook inside a handler reads (`ctx.variations`). */
export function variationFlag(id: string): (state: ServerState) => void {
  return (state) => {
    state.variations.add(id);
  };
}
