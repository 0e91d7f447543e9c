import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createVitest } from 'vitest/node';
import type { RunConfig } from '../config/resolve.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import type { CheckMeta } from '../check/meta.js';
import { describeSelection, groupOfFile, patternsMatchingNothing } from '../select/selection.js';
import type { Target } from '../target/target.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** One check as `--list` shows it. */
export interface ListedCheck {
  rule: string;
  level: CheckMeta['level'];
  group: string;
  endpoint: string;
  title: string;
}

/** An --only pattern that names no rule id and no endpoint group is a typo: exit 2 before anything starts. */
export function assertOnlyMatches(config: Pick<RunConfig, 'selection'>): void {
  const nothing = patternsMatchingNothing(config.selection.only);
  if (nothing.length > 0) {
    throw new RunCannotStart(`--only ${nothing.map((p) => JSON.stringify(p)).join(', ')} matches no check (no rule id, glob over rule ids or endpoint group); see \`npx conformance --list\` or \`npx conformance rules\``);
  }
}

/**
 * The checks a run with this configuration would register, from Vitest's collect-only mode: the
 * suite files are imported (so registration-time selection applies) but no check body, hook or
 * request runs, and no server is started.
 */
export async function collectChecks(config: RunConfig): Promise<ListedCheck[]> {
  const target: Target = {
    baseUrl: config.baseUrl ?? 'http://127.0.0.1:9/api/v2/public', keys: { apiKey: 'not-used-by---list' },
    fixtures: config.fixtures, runId: 'list', seed: config.seed, timeoutMs: config.timeoutMs, maxRateLimitRetries: 0,
    embedded: config.baseUrl === undefined, selection: config.selection, readOnly: config.readOnly, concurrency: config.concurrency,
  };
  const vitest = await createVitest('test', {
    config: false,
    root: ROOT,
    dir: path.join(ROOT, 'suites'),
    include: ['**/*.test.ts'],
    watch: false,
    isolate: false,
    reporters: [],
    provide: { target },
    passWithNoTests: true,
    ...(config.shard ? { shard: `${config.shard.index}/${config.shard.count}` } : {}),
  }, { logLevel: 'silent', cacheDir: path.join(ROOT, 'node_modules', '.vite-conformance') });
  try {
    const result = await vitest.collect();
    const errors = [
      ...result.unhandledErrors.map((e) => String((e as { message?: unknown }).message ?? e)),
      ...result.testModules.flatMap((m) => m.errors().map((e) => `${groupOfFile(m.moduleId)}: ${e.message}`)),
    ];
    if (errors.length > 0) throw new RunCannotStart(`the suite itself failed to load (a bug in the suite, not the server): ${errors.join(' | ')}`);
    const out: ListedCheck[] = [];
    for (const mod of [...result.testModules].sort((a, b) => a.moduleId.localeCompare(b.moduleId))) {
      const group = groupOfFile(mod.moduleId);
      for (const tc of mod.children.allTests()) {
        const m = tc.meta().conformance;
        if (m) out.push({ rule: m.rule, level: m.level, group, endpoint: m.endpoint, title: m.title });
      }
    }
    return out;
  } finally {
    await vitest.close();
  }
}

/** `npx conformance --list`: the checks that would run, by endpoint group; sends nothing. */
export async function listChecks(config: RunConfig, print: (line: string) => void): Promise<number> {
  assertOnlyMatches(config);
  const checks = await collectChecks(config);
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
  print(`${checks.length} check${checks.length === 1 ? '' : 's'} (${must} MUST, ${checks.length - must} SHOULD)${sel ? ` · ${sel}` : ''}${config.shard ? ` · shard ${config.shard.index}/${config.shard.count}` : ''}`);
  return 0;
}
