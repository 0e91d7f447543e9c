import type { MeteredRow } from './metered.js';

/** test/bench/results.json, as far as docs/performance.md reads it. */
export interface BenchResults {
  date: string;
  machine: { cpus: number; model: string; memoryGiB: number; node: string };
  runsPerSetting: number;
  concurrency: number;
  rows: Array<{
    latencyMs: number;
    wallMs: number;
    inRunMs: number;
    startupMs: number;
    requests: number;
    /** the checks the run had */
    checks?: number;
    chain: number;
    highest: number;
    settled: number;
    limitMs: number;
    ratioToLimit: number;
    replayMs: number;
    replayOverhead: number;
  }>;
  metered?: MeteredRow[];
  /** the requests each rule's checks sent in the last run (test/bench/bench.ts) */
  requestsPerRule?: Record<string, number>;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * docs/performance.md, written by `npm run bench` from the results it measured (test/bench/results.json):
 * never edited by hand, and test/performance-doc.test.ts keeps it in step with the file.
 */
export function performanceMarkdown(r: BenchResults): string {
  const m = r.machine;
  const out = [
    '# Performance',
    '',
    '<!-- Written by `npm run bench` from test/bench/results.json; do not edit by hand. -->',
    '',
    `Measured ${r.date.slice(0, 10)} on ${m.cpus} × ${m.model}, ${m.memoryGiB} GiB, Node ${m.node.replace(/^v/, '')}`,
    `(a shared machine: figures move by a few tenths from one run to the next). \`npm run bench\` runs the`,
    'whole suite as a user does, in a child process, against the embedded reference server. A run against a',
    'deployed server waits on round trips, not CPU, so what matters is how near it comes to the limit the',
    'network sets. Nothing asserts a time: these machines are shared and noisy.',
    '',
    '## Round trips',
    '',
    `The reference answers each request after the latency shown; ${r.runsPerSetting} runs each, medians;`,
    `\`--concurrency ${r.concurrency}\` (a run starts at 8 in flight and grows to it). The limit is start-up + the`,
    'larger of the longest chain of dependent requests × the latency and the requests × the latency ÷ the',
    'concurrency reached; the replay sends the same requests by a plain undici loop in the same order.',
    '',
    '| latency | wall | in-run | start-up | requests | chain | concurrency | limit | wall/limit | replay | suite/replay |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...r.rows.map(
      (x) =>
        `| ${x.latencyMs} ms | ${s(x.wallMs)} | ${s(x.inRunMs)} | ${s(x.startupMs)} | ${x.requests} | ${x.chain} | ` +
        `${x.highest}/${x.settled} | ${s(x.limitMs)} | ${x.ratioToLimit.toFixed(2)} | ${s(x.replayMs)} | ${x.replayOverhead.toFixed(2)} |`,
    ),
    '',
    '`requests` counts the fixtures check and the probe too' +
      (r.rows[0]?.checks === undefined ? '.' : `; the run had ${String(r.rows[0].checks)} checks.`),
    'Concurrency is the highest the run grew to and where it ended.',
  ];
  const metered = r.metered ?? [];
  if (metered.length > 0) {
    out.push(
      '',
      '## A metered server',
      '',
      'The reference meters every request as a production API meters a key (`--quota-bucket 10:20`,',
      '`--quota-window 600:60`, with `Retry-After` in seconds and no quota fields: the run learns the rate',
      'from the 429s). The floor is the requests the run had answered ÷ the quota: no run can be faster on',
      'average. The targets are those of issue 28. See [rate-limits.md](rate-limits.md) for how a run paces itself.',
      '',
      '| quota | wall | floor | wall/floor | target | requests | 429s sent again | pauses | rate learned |',
      '|---|---|---|---|---|---|---|---|---|',
      ...metered.map(
        (x) =>
          `| ${x.label} | ${s(x.wallMs)} | ${s(x.floorMs)} | ${x.ratioToFloor.toFixed(2)} | ` +
          `${x.target} = ${s(x.targetMs)}: ${x.met ? 'met' : '**missed**'} | ${x.requests} | ${x.retried} | ${x.pauses} | ${x.learned} |`,
      ),
    );
  }
  out.push(...requestsByRule(r.requestsPerRule ?? {}), ...HOW);
  return out.join('\n') + '\n';
}

/** The rules whose checks send the most requests, so a regression in request economy shows. */
function requestsByRule(perRule: Record<string, number>): string[] {
  const top = Object.entries(perRule)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 12);
  if (top.length === 0) return [];
  return [
    '',
    '## Where the requests go',
    '',
    `The rules whose checks sent the most requests in the last run (the top ${String(top.length)} of`,
    `${String(Object.keys(perRule).length)}; every rule is in test/bench/results.json). Most are one request per judged`,
    "answer: one hostile request each, one per operation, the generated cases' `--cases` budget, and the",
    'refused writes, which make a record per check on purpose: a write the server wrongly takes would change',
    "a shared record under another check's judgement.",
    '',
    '| rule | requests |',
    '|---|---|',
    ...top.map(([id, n]) => `| \`${id}\` | ${String(n)} |`),
  ];
}

/** How a run is made fast: the design the figures above measure (no figure of its own). */
const HOW = [
  '',
  '## How a run is made fast',
  '',
  '- **One pool.** Every check of every endpoint group runs in one pool',
  '  ([lib/runner/run-checks.ts](../lib/runner/run-checks.ts)); one request budget',
  '  ([lib/http/request-budget.ts](../lib/http/request-budget.ts)) keeps `--concurrency` requests in flight',
  '  whenever there are that many to send, and counts `--max-requests` and the 429 back-off in the same',
  "  place. The limit on requests in flight finds the server's pace ([safety.md](safety.md#the-load-on-the-server)).",
  '- **The oldest check first.** A request slot goes to the oldest check first, and first of all to a check',
  "  holding a shared record (the fixtures' task), since the checks waiting their turn on it wait on its",
  '  every request. Checks start one endpoint group after another in turn, so the checks that take turns on',
  '  the task spread over the run instead of forming its tail.',
  '- **Short chains.** Independent set-up steps go out at once (the fixtures check, the probe, the',
  "  pagination checks' contacts). The model-based sequences start before every other check (`startFirst`),",
  '  and generated inputs that each make their own records (the contact and upsert sequences, account',
  '  creates, create mutations) go out at once: the run waits on its longest chain of dependent requests,',
  '  not on all of them end to end.',
  '- **Set-ups made once.** Run-scoped set-ups ([lib/runner/run-setups.ts](../lib/runner/run-setups.ts),',
  "  `c.shared`) are made on first use through the run's own context (every create in the ledger, so an",
  '  interrupted run still leaves its cleanup command; a shard or an `--only` that needs none makes none)',
  "  and archived when the run ends: the pagination checks and organization B's relationship read share one",
  '  linked record; checks that only read a contact share one; the contact-accounts reads share one contact',
  '  with three accounts; opportunities not under test share one account; the four error-body rules judge',
  '  one answer per provocation; the hostile patches and queries go to one record each. The default-page',
  "  check reads the user's record with more than 50 edges when the fixtures name one",
  '  (`customObject.recordWithManyEdgesId`) instead of linking 51 new contacts.',
  "- **Archives as they come.** No API call archives several records, so deferring archives to the run's",
  "  end would save no request; they overlap other checks' requests instead.",
  '- **One bundle.** The CLI runs from an esbuild bundle ([libraries.md](libraries.md)), and each JSON schema',
  '  is compiled on first use.',
  '',
  '`conformance.json` has the time of each phase of every run under `run.phases` (start-up, the reference',
  "server's start, the probe, the fixtures check, loading the suite, the checks), with `run.chain` (the",
  "longest chain of dependent requests), and each check's `requests`, `chain` and `durationMs`.",
  '',
  '## Running the bench',
  '',
  '`npm run bench -- --runs N --latency-ms 0,50,100,200 --concurrency N --metered bucket,window --metered-runs N`',
  '(`--metered none` keeps the last metered figures) runs the whole suite as a user does, in a child',
  'process against the embedded reference server with latency added to every response, records the',
  "run's requests with `--har`, and replays them with a plain undici loop at the ceiling's concurrency",
  'and in the same dependency order against a fresh server. It writes test/bench/results.json',
  '([test/bench/bench.ts](../test/bench/bench.ts)), then this page from it;',
  '[test/performance-doc.test.ts](../test/performance-doc.test.ts) keeps the two in step.',
  '`npx tsx test/bench/write-performance-doc.ts` writes this page again from the results, measuring nothing.',
];
