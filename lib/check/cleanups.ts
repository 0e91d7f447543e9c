/** A cleanup a check or a set-up registers (`c.cleanup`): run when it ends, the newest first. */
export type Cleanup = () => Promise<unknown>;

const archives = new WeakSet<Cleanup>();

/**
 * Marks `clean` as the archive of one record: it waits on no other archive (the spec states no
 * cascade), only on the newer cleanups that are not archives (an edge to the record is removed
 * before it). So a check or a set-up that made three accounts archives them in one round trip, not three.
 */
export function archiveCleanup<T extends Cleanup>(clean: T): T {
  archives.add(clean);
  return clean;
}

/**
 * Runs `list`'s cleanups, the newest first, each once `after` settled: one that is no archive after
 * every newer one, an archive (archiveCleanup) after the newer ones that are not. `run` runs one and
 * never throws (a failed cleanup is an observation). `edges`: every cleanup that is no archive has
 * ended, and what it waited on (what an archive of a record another set-up made waits on); `done`: all have.
 */
export function runCleanups(
  list: readonly Cleanup[],
  run: (clean: Cleanup) => Promise<void>,
  after: Promise<unknown> = Promise.resolve(),
): { edges: Promise<void>; done: Promise<void> } {
  let edges: Promise<unknown> = after;
  const all: Array<Promise<unknown>> = [after];
  for (const clean of [...list].reverse()) {
    const waitOn = archives.has(clean) ? edges : Promise.all(all);
    const p = waitOn.then(() => run(clean));
    if (!archives.has(clean)) edges = p;
    all.push(p);
  }
  return { edges: edges.then(() => undefined), done: Promise.all(all).then(() => undefined) };
}
