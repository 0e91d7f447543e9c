/**
 * `--shard i/n`: the endpoint groups a shard runs. A group (suite file) is never split, since its
 * checks may take turns on one shared record; groups go to shards by size, largest first, each to
 * the shard with the fewest checks so far (ties to the lower shard, then by name), so the slices
 * are deterministic, disjoint, cover every selected check and come out about equal.
 */
export function groupsOfShard(
  checksPerGroup: ReadonlyMap<string, number>,
  shard: { index: number; count: number },
): Set<string> {
  const load = new Array<number>(shard.count).fill(0);
  const mine = new Set<string>();
  const groups = [...checksPerGroup].sort(([a, n], [b, m]) => m - n || a.localeCompare(b));
  for (const [group, n] of groups) {
    const lightest = load.indexOf(Math.min(...load));
    load[lightest]! += n;
    if (lightest === shard.index - 1) mine.add(group);
  }
  return mine;
}
