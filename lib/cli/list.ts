import type { RunConfig } from '../config/resolve.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import type { Level } from '../catalogue/rule.js';
import { describeSelection, patternsMatchingNothing, selectChecks } from '../select/selection.js';
import { loadChecks, SuiteLoadError } from '../check/registry.js';
import type { Spec } from './spec.js';

/** One check as `--list` shows it. */
export interface ListedCheck {
  rule: string;
  level: Level;
  group: string;
  endpoint: string;
  title: string;
}

/** An --only pattern that names no rule id and no endpoint group is a typo: exit 2 before anything starts. */
export function assertOnlyMatches(
  config: Pick<RunConfig, 'selection'>,
  spec: Pick<Spec, 'suites' | 'catalogue'>,
): void {
  // the endpoint groups are the suite files' groups, as the composition root passed them in
  const nothing = patternsMatchingNothing(
    config.selection.only,
    spec.suites.map((s) => s.group),
    spec.catalogue,
  );
  if (nothing.length > 0) {
    throw new RunCannotStart(
      `--only ${nothing.map((p) => JSON.stringify(p)).join(', ')} matches no check (no rule id, glob over rule ids or endpoint group); see \`npx conformance --list\` or \`npx conformance rules\``,
    );
  }
}

/** The checks a run with this configuration would run: the suite files are loaded, nothing is sent. */
export async function collectChecks(
  config: Pick<RunConfig, 'selection' | 'shard'>,
  spec: Pick<Spec, 'suites' | 'catalogue'>,
): Promise<ListedCheck[]> {
  let all;
  try {
    all = await loadChecks(spec.suites, spec.catalogue);
  } catch (err) {
    if (err instanceof SuiteLoadError)
      throw new RunCannotStart(`the suite itself failed to load (a bug in the suite, not the server): ${err.message}`);
    throw err;
  }
  return (
    selectChecks(all, config.selection, config.shard)
      .map((d) => ({ rule: d.rule, level: d.level, group: d.group, endpoint: d.endpoint, title: d.title }))
      // by group, then as written
      .sort((a, b) => a.group.localeCompare(b.group))
  );
}

/** `npx conformance --list`: the checks that would run, by endpoint group; sends nothing. */
export async function listChecks(
  config: RunConfig,
  spec: Pick<Spec, 'suites' | 'catalogue'>,
  print: (line: string) => void,
): Promise<number> {
  assertOnlyMatches(config, spec);
  const checks = await collectChecks(config, spec);
  let group: string | undefined;
  for (const c of checks) {
    if (c.group !== group) {
      if (group !== undefined) print('');
      print(`${c.group}:`);
      group = c.group;
    }
    print(`  ${c.level.padEnd(6)} ${c.rule.padEnd(46)} ${c.endpoint.padEnd(34)} ${c.title}`);
  }
  const must = checks.filter((c) => c.level === 'MUST').length;
  const sel = describeSelection(config.selection);
  if (checks.length > 0) print('');
  print(
    `${checks.length} check${checks.length === 1 ? '' : 's'} (${must} MUST, ${checks.length - must} SHOULD)${sel ? ` · ${sel}` : ''}${config.shard ? ` · shard ${config.shard.index}/${config.shard.count}` : ''}`,
  );
  return 0;
}
