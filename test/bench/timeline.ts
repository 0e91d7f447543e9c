import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `npx tsx test/bench/timeline.ts RUN.har [--report DIR] [--rtt 200] [--top 6]`: where a distant run's round
 * trips went, from its `--har` (each entry's `_startMs`, when the check issued it, and `time`, till
 * its answer: a wait for a request slot included) and its conformance.json's phases. It prints the
 * phases before the checks in round trips, then the checks that ended last, the longest chains, and
 * the checks that took turns on a shared record (the run's longest chain, added up), each request with
 * what it waited beyond the round trip (its time less it: a slot, or this process's CPU taking up its
 * answer late). For the bench's readers only: nothing asserts a time.
 */
interface Entry {
  time: number;
  _startMs: number;
  _check: { index: number; id: string; held: string[] };
  request: { method: string; url: string };
}

interface CheckLine {
  index: number;
  id: string;
  entries: Entry[];
  first: number;
  last: number;
  queued: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    report: { type: 'string' },
    rtt: { type: 'string', default: '200' },
    top: { type: 'string', default: '6' },
  },
});
const harFile = positionals[0];
if (harFile === undefined) {
  console.error('usage: npx tsx test/bench/timeline.ts RUN.har [--report DIR] [--rtt 200] [--top 6]');
  process.exit(2);
}
const rtt = Number(values.rtt);
const top = Number(values.top);
const entries = (JSON.parse(readFileSync(harFile, 'utf8')) as { log: { entries: Entry[] } }).log.entries;
const t0 = Math.min(...entries.map((e) => e._startMs));
const rt = (ms: number): string => (ms / rtt).toFixed(1);
const at = (ms: number): string => `${Math.round(ms - t0)}`.padStart(6);

printPhases();
const checks = byCheck();
console.log(
  `\n${entries.length} requests of checks and set-ups from t=0 to ${at(Math.max(...checks.map((c) => c.last)))} ms`,
);
console.log(
  `\nthe ${top} checks that ended last (first request, last answer, ms; round trips waited beyond the round trip):`,
);
for (const c of [...checks].sort((a, b) => b.last - a.last).slice(0, top)) printCheck(c, false);
console.log(
  `\nthe ${top} checks with the most requests in a row (each: issued at, answered at, waited beyond the round trip):`,
);
for (const c of [...checks].sort((a, b) => chainLength(b) - chainLength(a)).slice(0, top)) printCheck(c, true);
printHolders();
printLoad();

function printPhases(): void {
  const dir = values.report ?? path.dirname(harFile!);
  try {
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
      run: { phases: Record<string, number>; durationMs: number; chain: number };
    };
    const p = report.run.phases;
    const parts = Object.entries(p).map(([k, v]) => `${k} ${v} ms (${rt(v)} RTT)`);
    console.log(`phases: ${parts.join(', ')}; in-run ${report.run.durationMs} ms, chain ${report.run.chain}`);
  } catch {
    console.log(`(no conformance.json in ${dir}: pass --report DIR for the phases)`);
  }
}

function byCheck(): CheckLine[] {
  const map = new Map<number, Entry[]>();
  for (const e of entries) map.set(e._check.index, [...(map.get(e._check.index) ?? []), e]);
  return [...map.values()].map((es) => {
    es.sort((a, b) => a._startMs - b._startMs);
    return {
      index: es[0]!._check.index,
      id: es[0]!._check.id,
      entries: es,
      first: es[0]!._startMs,
      last: Math.max(...es.map((e) => e._startMs + e.time)),
      queued: es.reduce((s, e) => s + Math.max(0, e.time - rtt), 0),
    };
  });
}

/** Requests of the check each issued after the one before was answered. */
function chainLength(c: CheckLine): number {
  let n = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const e of c.entries) {
    // (a HAR time is whole milliseconds)
    if (e._startMs >= end - 1) n += 1;
    end = Math.max(end, e._startMs + e.time);
  }
  return n;
}

function printCheck(c: CheckLine, steps: boolean): void {
  console.log(
    `  #${c.index} ${c.id}: ${c.entries.length} requests, ${chainLength(c)} in a row, ${at(c.first)} → ${at(c.last)}` +
      ` (${rt(c.last - c.first)} RTT), waited ${rt(c.queued)} RTT`,
  );
  if (!steps) return;
  for (const e of c.entries) {
    const p = e.request.url.replace(/^https?:\/\/[^/]+/, '').replace(/^.*?\/api\/v2\/public/, '');
    const waited = Math.max(0, e.time - rtt);
    console.log(
      `      ${at(e._startMs)} → ${at(e._startMs + e.time)} ${e.request.method} ${p.slice(0, 60)} waited ${waited}`,
    );
  }
}

/** The checks that took turns on one shared record (their chains add up), in the order they held it. */
function printHolders(): void {
  const holders = new Map<string, CheckLine[]>();
  for (const c of checks)
    for (const key of c.entries[0]!._check.held) holders.set(key, [...(holders.get(key) ?? []), c]);
  const sum = (cs: CheckLine[]) => cs.reduce((s, c) => s + chainLength(c), 0);
  const ranked = [...holders].sort(([, a], [, b]) => sum(b) - sum(a)).slice(0, 2);
  for (const [key, cs] of ranked) {
    cs.sort((a, b) => a.first - b.first);
    console.log(`\nthe shared record ${key}: ${cs.length} checks in turn, ${sum(cs)} requests in a row`);
    let end = cs[0]!.first;
    for (const c of cs) {
      console.log(`    idle ${rt(Math.max(0, c.first - end))} RTT, then`);
      printCheck(c, false);
      end = c.last;
    }
  }
}

/** Per round trip: requests issued, answered, and on the wire (answered within a round trip of the end). */
function printLoad(): void {
  const end = Math.max(...checks.map((c) => c.last));
  console.log(
    '\nper round trip from t=0: issued / on the wire / waiting (for a slot, or answered and not yet taken up)',
  );
  const rows: string[] = [];
  for (let t = t0; t < end; t += rtt) {
    const issued = entries.filter((e) => e._startMs >= t && e._startMs < t + rtt).length;
    const mid = t + rtt / 2;
    const onWire = entries.filter((e) => e._startMs + e.time - rtt <= mid && e._startMs + e.time > mid).length;
    const waiting = entries.filter((e) => e._startMs <= mid && e._startMs + e.time - rtt > mid).length;
    rows.push(`${Math.round((t - t0) / rtt)}: ${issued}/${onWire}/${waiting}`);
  }
  console.log(`  ${rows.join('  ')}`);
}
