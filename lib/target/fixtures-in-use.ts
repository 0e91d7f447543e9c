import type { Fixtures } from '../spec/register.js';

/** What a thing the user supplies (a fixtures key, a flag) is, and how to get it. */
export interface Supply {
  /** what the value is */
  what: string;
  /** how to get it: from `init`, or whom to ask */
  how: string;
}

/**
 * A spec's fixtures file as the engine needs to know it, handed in by the composition root
 * (lib/cli/spec.ts); this project's is fixtures/.
 */
export interface FixturesKnowledge {
  /** the JSON schema a fixtures file meets (compiled strict; a key it does not know is warned of, not refused) */
  schema: Readonly<Record<string, unknown>>;
  /** what a key (or flag) is and how to get it, for "To complete this run"; undefined for one it does not know */
  supplyOf(key: string): Supply | undefined;
  /**
   * The user's record a request would archive or remove, named for the refusal (`noteId (note …)`), or
   * undefined: the client never sends such a request, whoever sends it.
   */
  keptRecordDeletedBy(f: Fixtures, method: string, path: string): string | undefined;
}

let inUse: FixturesKnowledge | undefined;

/** Hands the engine the spec's fixtures file; the composition root calls it before anything runs. */
export function useFixtures(knowledge: FixturesKnowledge): void {
  inUse = knowledge;
}

/** The fixtures knowledge handed in; throws when none was. */
export function fixturesInUse(): FixturesKnowledge {
  if (inUse === undefined)
    throw new Error("no fixtures file described: the composition root calls useSpec(…) with the spec's first");
  return inUse;
}
