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
    chain: number;
    highest: number;
    settled: number;
    limitMs: number;
    ratioToLimit: number;
    replayMs: number;
    replayOverhead: number;
  }>;
  metered?: MeteredRow[];
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
    'whole suite as a user does, in a child process, against the embedded reference server.',
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
  return out.join('\n') + '\n';
}
