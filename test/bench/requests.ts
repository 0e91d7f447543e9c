import { readFileSync } from 'node:fs';
import type { RequestCounts } from '../../lib/report/request-counts.js';

/**
 * The request figures of the benchmark: what a default run against the embedded reference (complete
 * fixtures) costs the server, per part, per endpoint group and per rule (conformance.json `requests`),
 * beside the figures the request economy started from (requests-before.json), printed by `npm run bench`
 * and rendered into docs/performance.md. On a metered server a run's floor is its requests ÷ the quota.
 */

/** The figures at the commit the request economy started from. */
export interface RequestsBefore {
  commit: string;
  note: string;
  checks: number;
  requests: RequestCounts;
}

export const BEFORE_FILE = new URL('./requests-before.json', import.meta.url);

export function readBefore(): RequestsBefore {
  return JSON.parse(readFileSync(BEFORE_FILE, 'utf8')) as RequestsBefore;
}

/** One line per key, before → after, the largest first (by after, then before). */
function lines(
  before: Record<string, number>,
  after: Record<string, number>,
): Array<{ key: string; before: number; after: number }> {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .map((key) => ({ key, before: before[key] ?? 0, after: after[key] ?? 0 }))
    .filter((l) => l.before > 0 || l.after > 0)
    .sort((a, b) => b.after - a.after || b.before - a.before || a.key.localeCompare(b.key));
}

const PARTS: ReadonlyArray<[keyof RequestCounts, string]> = [
  ['probe', 'the probe (one read per key)'],
  ['fixturesCheck', 'the fixtures check'],
  ['checks', 'the checks (their cleanups included)'],
  ['setups', 'the shared set-ups (their archives included)'],
  ['keptRecords', 'the kept-record audit'],
  ['total', 'in all'],
];

/** The console lines of `npm run bench`: the parts, every group, the top rules, before → after. */
export function printRequests(after: RequestCounts, before: RequestsBefore, print: (line: string) => void): void {
  const arrow = (b: number, a: number) => `${b} → ${a}`;
  print(
    `requests (a default run, complete fixtures; before: ${before.commit}): ${PARTS.map(([k]) => `${k} ${arrow(before.requests[k] as number, after[k] as number)}`).join(', ')}`,
  );
  print(
    `requests per group: ${lines(before.requests.byGroup, after.byGroup)
      .map((l) => `${l.key} ${arrow(l.before, l.after)}`)
      .join(', ')}`,
  );
  const rules = lines(before.requests.byRule, after.byRule);
  print(
    `requests per rule (top 12 of ${rules.length}): ${rules
      .slice(0, 12)
      .map((l) => `${l.key} ${arrow(l.before, l.after)}`)
      .join(', ')}`,
  );
}

/** A markdown table of before → after lines. */
function table(head: string, rows: ReadonlyArray<{ key: string; before: number; after: number }>): string {
  const out = [`| ${head} | before | after | change |`, '|---|---:|---:|---:|'];
  for (const r of rows) {
    const change = r.after - r.before;
    out.push(`| ${r.key} | ${r.before} | ${r.after} | ${change > 0 ? `+${change}` : String(change)} |`);
  }
  return out.join('\n');
}

/**
 * The request tables of docs/performance.md: the figures of `after` (a default run's conformance.json
 * `requests`) beside those the request economy started from.
 */
export function requestTables(after: RequestCounts, before: RequestsBefore, checks?: number): string[] {
  const b = before.requests;
  const parts = PARTS.map(([k, what]) => ({ key: what, before: b[k] as number, after: after[k] as number }));
  return [
    '## What a run costs the server',
    '',
    'Production APIs meter their callers: on a server that allows 10 requests a second, a run can end no',
    "sooner than its requests ÷ 10. Every run writes what it sent in `conformance.json`'s `requests`",
    "([lib/report/request-counts.ts](../lib/report/request-counts.ts)): per part, and the checks' own per",
    "endpoint group and per rule (a shared set-up's requests are counted once, under its name, and by no",
    'check). A default run against the embedded reference with its complete fixtures' +
      (checks === undefined ? '' : ` (${checks} checks; ${before.checks} at commit ${before.commit})`) +
      `, beside commit ${before.commit}, where the request economy started.`,
    '[test/request-economy.test.ts](../test/request-economy.test.ts) counts the requests where the embedded',
    'server receives them, checks that `requests.total` is that count, and fails the build past 600.',
    '',
    '### Per part of the run',
    '',
    table('part', parts),
    '',
    '### Per endpoint group (the checks’ own requests)',
    '',
    table('group', lines(b.byGroup, after.byGroup)),
    '',
    '### Per rule (the checks’ own requests)',
    '',
    table('rule', lines(b.byRule, after.byRule)),
    '',
    '### Per shared set-up',
    '',
    '| set-up | requests |',
    '|---|---:|',
    ...Object.entries(after.bySetup).map(([k, n]) => `| ${k} | ${n} |`),
  ];
}
