import type { CheckContext } from '../check/context.js';

/**
 * Checks that write one pre-existing record (the fixtures' task, the phone-number contact, the
 * account with domains) take turns: a check holds the record from the moment it takes it until it
 * ends, its cleanups included, so it only ever compares against what it wrote itself. Every check
 * of a run runs in one process (lib/runner/), so a module-level table is the whole lock.
 */
const tails = new Map<string, Promise<void>>();
const held = new WeakMap<CheckContext, Set<string>>();
const listeners = new Set<(c: CheckContext, key: string) => void>();

/**
 * Tells `listener` of each check as it takes a record (the runner then starts the checks like it first:
 * their turns add up to the run's longest chain). Returns the call that stops telling it.
 */
export function onRecordTaken(listener: (c: CheckContext, key: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The records a check held (for the run's longest chain: checks that take turns add up). */
export function heldRecords(c: CheckContext): string[] {
  return [...(held.get(c) ?? [])];
}

/** Waits for the record, then holds it until the check ends. Taking it twice in one check is a no-op. */
export async function holdRecord(c: CheckContext, key: string): Promise<void> {
  const mine = held.get(c) ?? new Set<string>();
  held.set(c, mine);
  if (mine.has(key)) return;
  mine.add(key);
  for (const listener of listeners) listener(c, key);
  const before = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = before.then(() => done);
  tails.set(key, tail);
  // registered now, so it runs after every cleanup the check registers later (they run in reverse)
  c.cleanup(async () => {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  });
  await before;
  // the checks queued behind this one wait on its every request: they go first
  c.api.goFirst();
}
