import type { Fixtures } from '../spec/register.js';

/** What a thing the user supplies (a fixtures key, a flag) is, and how to get it. */
export interface Supply {
  /** what the value is */
  what: string;
  /** how to get it: from `init`, or whom to ask */
  how: string;
}

/**
 * A spec's fixtures file as the engine needs to know it, handed down from the Spec (lib/cli/spec.ts)
 * with the run's target (RunTarget.fixturesFile); this project's is fixtures/.
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

/**
 * Whether a dotted path (`contact.createAttributes.department`, `taskIds[0]`) names a key of the
 * fixtures file, read from its schema: each segment a property of the one before, down to a value or
 * to an object of free keys.
 */
export function namesFixtureKey(path: string, schema: FixturesKnowledge['schema']): boolean {
  let node: unknown = schema;
  for (const segment of path.replace(/\[\d+\]$/, '').split('.')) {
    const properties = (node as { properties?: Record<string, unknown> } | undefined)?.properties;
    if (properties === undefined) return node !== undefined && (node as { type?: unknown }).type === 'object';
    if (!Object.hasOwn(properties, segment)) return false;
    node = properties[segment];
  }
  return true;
}
