import { QUOTAS, type MeteredRow } from './metered.js';
import type { RequestCounts } from '../../lib/report/request-counts.js';
import { requestTables, type RequestsBefore } from './requests.js';
import type { ProfileEntry, ProfileSummary } from './profile.js';

/** test/bench/results.json, as far as docs/performance.md reads it. */
export interface BenchResults {
  date: string;
  machine: { cpus: number; model: string; memoryGiB: number; node: string; loadAverage?: number };
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
  /** issue 40: runs at a deployed server's latency against servers not ours (test/bench/not-ours.ts) */
  notOurs?: Array<{
    server: string;
    latencyMs: number;
    /** why it was not measured */
    none?: string;
    wallMs?: number;
    requests?: number;
    chain?: number;
    /** the concurrency the run grew to and ended at: a server slower per request under load makes it back off */
    highest?: number;
    settled?: number;
    limitMs?: number;
    ratioToLimit?: number;
    failed?: number;
    /** with `--runs N`: each run's wall/limit and the host's load as it started (the row is the median run) */
    each?: Array<{ ratioToLimit: number; load: number }>;
  }>;
  metered?: MeteredRow[];
  /** the requests each rule's checks sent in the last run (test/bench/bench.ts) */
  requestsPerRule?: Record<string, number>;
  /** the last run's conformance.json `requests`: per part, endpoint group, rule and shared set-up */
  requests?: RequestCounts;
  /** where a default run's CPU went, before a change and after it (test/bench/profile.ts) */
  profile?: { before?: ProfileSummary; after?: ProfileSummary };
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * docs/performance.md, written by `npm run bench` from the results it measured (test/bench/results.json)
 * and the request figures the request economy started from (test/bench/requests-before.json): never
 * edited by hand, and test/performance-doc.test.ts keeps it in step with the files.
 */
export function performanceMarkdown(r: BenchResults, before: RequestsBefore): string {
  const m = r.machine;
  const out = [
    '# Performance',
    '',
    '<!-- Written by `npm run bench` from test/bench/results.json; do not edit by hand. -->',
    '',
    `Measured ${r.date.slice(0, 10)} on ${m.cpus} × ${m.model}, ${m.memoryGiB} GiB, Node ${m.node.replace(/^v/, '')}`,
    `(a shared machine${m.loadAverage !== undefined ? `, load average ${m.loadAverage} when the bench started` : ''}: figures move by a few tenths from one run to the next). \`npm run bench\` runs the`,
    'whole suite as a user does, in a child process, against the embedded reference server. A run against a',
    'deployed server waits on round trips, not CPU, so what matters is how near it comes to the limit the',
    'network sets. Nothing asserts a time: these machines are shared and noisy.',
    '',
    ...targetTable(r),
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
  const notOurs = r.notOurs ?? [];
  if (notOurs.length > 0)
    out.push(
      '',
      '### Servers not ours',
      '',
      'The same run at a deployed server’s latency against servers other than the reference: the reference',
      'under legal variations that answer discovery in other shapes (the run chooses its requests from what',
      'discovery shows), and an independent implementation of the spec put behind a proxy that answers after',
      'the latency (`npm run bench -- --not-ours DIR`; the project stands alone, so without one that row says',
      `so). ${notOurs.some((x) => x.each) ? 'The median run of several (each run’s wall/limit beside it, with the host’s load as it started)' : 'One run each'}; the limit is reckoned from each run’s own requests and chain, at the concurrency`,
      'it reached (where it ended: below it, the run backed off from a server that answered slower under load).',
      '',
      '| server | latency | wall | requests | chain | concurrency | limit | wall/limit |',
      '|---|---|---|---|---|---|---|---|',
      ...notOurs.map((x) =>
        x.none !== undefined
          ? `| ${x.server} | ${x.latencyMs} ms | not measured: ${x.none} | | | | | |`
          : `| ${x.server} | ${x.latencyMs} ms | ${s(x.wallMs!)} | ${x.requests} | ${x.chain} | ` +
            `${x.highest ?? ''}${x.settled !== undefined ? `/${x.settled}` : ''} | ${s(x.limitMs!)} | ${x.ratioToLimit!.toFixed(2)}${eachRun(x.each)} |`,
      ),
    );
  const metered = r.metered ?? [];
  if (metered.length > 0) {
    out.push(
      '',
      '## A metered server',
      '',
      'The reference meters every request as a production API meters a key (`--quota-bucket 10:20`,',
      '`--quota-window 600:60`, and `300:60`, which a default run no longer fits in one window of; with',
      '`Retry-After` in seconds and no quota fields: the run learns the rate',
      'from the 429s). The floor is the least time the quota lets the requests the run had answered take,',
      'and no run can be faster:',
      '',
      ...metered.map((x) => `- ${x.label}: ${QUOTAS[x.quota].floor}.`),
      '',
      'The targets are those of issue 28. See [rate-limits.md](rate-limits.md) for how a run paces itself.',
      '',
      '| quota | wall | floor | wall/floor | target | requests | 429s sent again | pauses | rate learned |',
      '|---|---|---|---|---|---|---|---|---|',
      ...metered.map(
        (x) =>
          `| ${x.label} | ${s(x.wallMs)} | ${s(x.floorMs)} | ${x.ratioToFloor?.toFixed(2) ?? '—'} | ` +
          `${x.target} = ${s(x.targetMs)}: ${x.met ? 'met' : '**missed**'} | ${x.requests} | ${x.retried} | ${x.pauses} | ${x.learned} |`,
      ),
    );
  }
  if (r.profile) out.push(...profileTables(r.profile));
  if (r.requests) out.push('', ...requestTables(r.requests, before, r.rows[0]?.checks));
  out.push(...ECONOMY, ...HOW);
  return out.join('\n') + '\n';
}

/**
 * Issue 40's figures that a run measures, each beside its target. The test suite's, lint's and
 * verify's own times are not a run's: they are measured where they run (the issue's closing note).
 */
function targetTable(r: BenchResults): string[] {
  const at = (ms: number) => r.rows.find((x) => x.latencyMs === ms);
  const quiet = at(0);
  const far = at(200);
  const met = (v: number | undefined, target: number) => (v === undefined ? '' : v <= target ? 'met' : '**missed**');
  const rows: Array<[string, string, string, string]> = [];
  if (quiet) {
    rows.push(['the embedded run (`npx conformance`), wall', s(quiet.wallMs), '≤ 2 s', met(quiet.wallMs, 2000)]);
    rows.push(['the embedded run, in-run', s(quiet.inRunMs), '≤ 1.2 s', met(quiet.inRunMs, 1200)]);
    rows.push(['start-up (bundle, schemas, reference)', s(quiet.startupMs), '≤ 0.3 s', met(quiet.startupMs, 300)]);
  }
  if (far)
    rows.push([
      '200 ms away, the reference: wall/limit',
      `${far.ratioToLimit.toFixed(2)} (${s(far.wallMs)} against ${s(far.limitMs)})`,
      '≤ 1.3',
      met(far.ratioToLimit, 1.3),
    ]);
  for (const x of r.notOurs ?? [])
    rows.push([
      `${x.latencyMs} ms away, ${x.server}: wall/limit`,
      x.none !== undefined
        ? `not measured: ${x.none}`
        : `${x.ratioToLimit!.toFixed(2)} (${s(x.wallMs!)} against ${s(x.limitMs!)})`,
      '≤ 1.3',
      met(x.ratioToLimit, 1.3),
    ]);
  if (rows.length === 0) return [];
  return [
    '## Issue 40’s figures',
    '',
    `Each figure a run measures, beside its target (medians of the runs above; ${
      (r.notOurs ?? []).some((x) => x.each) ? 'the median run' : 'one run'
    } for servers not`,
    'ours). Wall times are a loaded machine’s when others share it: the machine is named above.',
    '',
    '| figure | measured | target | |',
    '|---|---|---|---|',
    ...rows.map((x) => `| ${x.join(' | ')} |`),
    '',
  ];
}

/** The profile's top entries, before and after, side by side. */
function profileTables(p: NonNullable<BenchResults['profile']>): string[] {
  const runs = [p.before, p.after].filter((x): x is ProfileSummary => x !== undefined);
  const cell = (e: ProfileEntry | undefined) =>
    e === undefined ? '| | ' : `| \`${e.name.replace(/\|/g, '\\|')}\` | ${e.ms} ms (${(e.share * 100).toFixed(1)} %) `;
  const table = (pick: (x: ProfileSummary) => ProfileEntry[]) => [
    runs.map((x) => `| ${x === p.before ? 'before' : 'after'} (${x.commit}) | CPU `).join('') + '|',
    runs.map(() => '|---|---:').join('') + '|',
    ...Array.from(
      { length: Math.max(...runs.map((x) => pick(x).length)) },
      (_, i) => runs.map((x) => cell(pick(x)[i])).join('') + '|',
    ),
  ];
  return [
    '',
    "## Where a run's CPU goes",
    '',
    '`node --cpu-prof bin/conformance.js`: three default runs against the embedded reference server, summed',
    'and shown per run, each in one process with the server (its answers cost CPU too), after a first run',
    "that built the bundle and kept the schemas' and V8's code. CPU time: " +
      runs.map((x) => `${x === p.before ? 'before' : 'after'} ${(x.cpuMs / 1000).toFixed(1)} s`).join(', ') +
      ' (sampled on a shared machine: the shares say more than the times).',
    '',
    "The suite's own functions with most CPU under them:",
    '',
    ...table((x) => x.inclusive),
    '',
    'The functions that spent most CPU themselves:',
    '',
    ...table((x) => x.self),
  ];
}

/** How a run spends few requests: the design the request tables measure (no figure of its own). */
const ECONOMY = [
  '',
  '## How a run spends few requests',
  '',
  '- **One answer, judged by every check of it.** Most checks judge an answer under their own rule: the',
  '  status of a contact create, its envelope, its record_type, its organization_id, its value types, its',
  '  media type. The run sends such a request once, as a run-scoped set-up',
  '  ([lib/runner/run-setups.ts](../lib/runner/run-setups.ts), `c.shared`), and each check judges the one',
  '  answer under its own rule; a check that fails on it shows that answer as its evidence. The shared',
  "  answers live beside their concept in `suites/steps/`: the run's contact create (with every create field",
  '  the spec names) and its read, a title patch of the contact for probes, an opportunity create and its',
  '  link to a contact, the note, meeting and transcript reads, an upsert of the samples, a patch of a',
  "  custom-object record, the contact-accounts page, the linked record's relationship reads by query, one",
  '  archive of an account and of a custom-object record and one removal of an opportunity edge, and the',
  '  provoked errors (`suites/shared/provoke.ts`). Only answers that nothing later changes under a',
  '  judgement are shared: a read, a create whose record others only read, one write judged by its answer',
  "  alone. A check that compares a record's state after its own write still makes its own record.",
  '- **A read the fixtures check already sent is not sent again**: the note, the meeting and its transcript,',
  "  `GET /_schema/contact` and the user's record with many edges ([suites/steps/read-once.ts](../suites/steps/read-once.ts)).",
  '- **Probes that share a record look only at what they wrote.** A refused write needs a record of its own',
  '  only when a wrongly accepted one could change what another probe judges: the refused patches go to the',
  "  run's contact for probes, each with a title of its own and looking for that title alone; the refused",
  "  custom-object patches and upserts go to the run's upserted record, each looking only for its own",
  '  free-text value. A refused DELETE (an archive, a domain removal, an unlink) keeps its own record, and a',
  '  check never records or archives a record a set-up made. [test/shared-records.test.ts](../test/shared-records.test.ts)',
  '  proves one cause, one finding: against a server that wrongly takes such a probe, the whole suite fails',
  "  that probe's rule and no other.",
  '- **Hostile inputs without repeats.** A path id is parsed the same way by every handler of one method and',
  '  shape: the five hostile ids go to one operation of each method, and `not-a-uuid` to every operation',
  "  with an id. Bodies that only change one attribute's value go to PATCH; the bodies of the outer shape",
  '  and of the stage go to both create and patch.',
  "- **The unknown key goes to one operation of each method** (how a key is judged is the authenticator's,",
  '  which every route shares); every stated operation still gets a request without a credential.',
  '- **Value types written together.** The attributes whose writability is not shown are written in one',
  '  create per record kind, each check judging its own attribute; where that create is refused, each',
  '  attribute is written alone.',
  '- **Fewer generated cases by default** (`--cases`, [generated-cases.md](generated-cases.md)): the stated',
  "  rules are carried by fixed inputs, and the generated checks' own fixed examples catch every fault only",
  '  they catch.',
  '- **Weighed and not done.** Judging every answer of the run as evidence of the content-type, error-body',
  '  and no-5xx rules instead of checks of their own: each such rule keeps fixed inputs of its own anyway (an',
  '  `--only` run must judge it too), and a finding on every answer would file one cause under a second',
  '  rule. One body carrying several hostile inputs: a server stops at the first problem it finds. Deferring',
  '  archives to the end: no call archives several records.',
];

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
  '- **One bundle, schemas compiled once.** The CLI runs from an esbuild bundle ([libraries.md](libraries.md)),',
  "  and the code ajv generates for the spec's schemas is kept beside it in node_modules/.conformance/",
  '  ([suites/spec/schemas/compiled-cache.ts](../suites/spec/schemas/compiled-cache.ts)): a run compiles no schema',
  '  an earlier run compiled, and makes no compiler at all when none is left to compile.',
  '- **Nothing redacted twice.** The redactor remembers what it redacted',
  '  ([lib/redact/redact.ts](../lib/redact/redact.ts)): the property names, ids and messages every answer repeats.',
  '  A text shorter than every form of every key is let go at once, one scan looks for every form before',
  '  each is sought, and an object that holds no key is given back as it is, never copied.',
  "- **A large body built once.** The oversize bodies' 2 MB padding is one string, serialised once",
  '  ([lib/http/json-text.ts](../lib/http/json-text.ts)): the eleven bodies differ only around it.',
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

/** Each run of a row of several: its wall/limit at the host's load. */
function eachRun(each: ReadonlyArray<{ ratioToLimit: number; load: number }> | undefined): string {
  if (each === undefined) return '';
  return ` (${each.map((x) => `${x.ratioToLimit.toFixed(2)} at load ${x.load.toFixed(1)}`).join('; ')})`;
}
