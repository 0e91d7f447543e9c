import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CliResult } from './support/cli.js';
import { runCliInProcess } from './support/in-process.js';

// two endpoint groups, one per shard (the larger, notes-meetings, in 1/2; contacts in 2/2), one MUST deviation
const RUN = ['--only', 'contact.create.status-201,notes-meetings', '--fault', 'contact-create-200'];

interface Report {
  summary: Record<string, number>;
  run: {
    shard?: { index: number; count: number };
    target: string;
    embedded: boolean;
    requestsSent: number;
    fixturesCheckRequests?: number;
  };
  checks: Array<{ id: string; title: string; status: string; level: string; baselined?: boolean }>;
}
const read = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as Report;
const checkSet = (r: Report) => r.checks.map((c) => `${c.id} | ${c.title} | ${c.level} | ${c.status}`).sort();

describe('--shard i/n and `conformance merge`', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-shard-'));
  const at = (name: string) => path.join(dir, name);
  let single: CliResult;
  let shard1: CliResult;
  let shard2: CliResult;
  beforeAll(async () => {
    [single, shard1, shard2] = await Promise.all([
      runCliInProcess([...RUN, '--report-dir', at('single')]),
      runCliInProcess([...RUN, '--shard', '1/2', '--report-dir', at('s1')]),
      runCliInProcess([...RUN, '--shard', '2/2', '--report-dir', at('s2')]),
    ]);
  });

  it('each shard runs part of the files and its conformance.json says which shard it is', () => {
    expect(single.code, single.stdout + single.stderr).toBe(1);
    expect(shard1.code, shard1.stdout + shard1.stderr).toBe(0);
    expect(shard2.code, shard2.stdout + shard2.stderr).toBe(1);
    expect(read(at('s1')).run.shard).toEqual({ index: 1, count: 2 });
    expect(read(at('s2')).run.shard).toEqual({ index: 2, count: 2 });
    expect(read(at('single')).run.shard).toBeUndefined();
    const ids1 = new Set(read(at('s1')).checks.map((c) => c.id));
    const ids2 = new Set(read(at('s2')).checks.map((c) => c.id));
    expect(ids1.size).toBeGreaterThan(0);
    expect(ids2.size).toBeGreaterThan(0);
    for (const id of ids1) expect(ids2.has(id)).toBe(false);
  });

  it("merged, the shards give the single run's check set, summary and exit status, in every report format", async () => {
    const r = await runCliInProcess(['merge', at('s2'), at('s1'), '--report-dir', at('merged')]);
    expect(r.code, r.stdout + r.stderr).toBe(single.code);
    const merged = read(at('merged'));
    expect(checkSet(merged)).toEqual(checkSet(read(at('single'))));
    expect(merged.summary).toEqual(read(at('single')).summary);
    expect(merged.run.shard).toBeUndefined();
    // the request counts are the shards' sums, not the first shard's
    const shards = [read(at('s1')).run, read(at('s2')).run];
    expect(merged.run.requestsSent).toBe(shards[0]!.requestsSent + shards[1]!.requestsSent);
    expect(merged.run.fixturesCheckRequests).toBe(
      (shards[0]!.fixturesCheckRequests ?? 0) + (shards[1]!.fixturesCheckRequests ?? 0),
    );
    for (const f of ['junit.xml', 'summary.md', 'report.html', 'badge.svg'])
      expect(existsSync(at(`merged/${f}`)), f).toBe(true);
  });

  it("merge appends the shards' ledgers to a ledger already in the folder, once, keeping its lines", async () => {
    const shardLines = ['s1', 's2'].flatMap((s) =>
      existsSync(at(`${s}/ledger.jsonl`))
        ? readFileSync(at(`${s}/ledger.jsonl`), 'utf8')
            .split('\n')
            .filter(Boolean)
        : [],
    );
    expect(shardLines.length).toBeGreaterThan(0);
    const earlier = JSON.stringify({
      id: '00000000-0000-4000-8000-000000000000',
      type: 'account',
      runId: 'cr-earlier-run',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    mkdirSync(at('into'), { recursive: true });
    writeFileSync(at('into/ledger.jsonl'), `${earlier}\n`);
    for (let i = 0; i < 2; i++) await runCliInProcess(['merge', at('s1'), at('s2'), '--report-dir', at('into')]);
    const lines = readFileSync(at('into/ledger.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(lines).toEqual([earlier, ...shardLines]);
  });

  it('merge honours --baseline like a single run: known → 0, and judges stale entries over all shards', async () => {
    const known = at('known.json');
    writeFileSync(
      known,
      JSON.stringify({ deviations: [{ rule: 'contact.create.status-201', reason: 'answers 200' }] }),
    );
    const r = await runCliInProcess([
      'merge',
      at('s1'),
      at('s2'),
      '--report-dir',
      at('merged-known'),
      '--baseline',
      known,
    ]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(read(at('merged-known')).checks.find((c) => c.id === 'contact.create.status-201')?.baselined).toBe(true);
    const stale = at('stale.json');
    const passing = read(at('s1')).checks.find((c) => c.status === 'passed')?.id as string;
    writeFileSync(
      stale,
      JSON.stringify({
        deviations: [
          { rule: 'contact.create.status-201', reason: 'answers 200' },
          { rule: passing, reason: 'old' },
        ],
      }),
    );
    const s = await runCliInProcess([
      'merge',
      at('s1'),
      at('s2'),
      '--report-dir',
      at('merged-stale'),
      '--baseline',
      stale,
    ]);
    expect(s.code, s.stdout + s.stderr).toBe(1);
    expect(s.stdout).toContain(`baseline entry ${passing} is stale`);
  });

  it('a shard set that does not add up is an exit 2 with one line', async () => {
    cpSync(at('s2'), at('s2-other'), { recursive: true });
    const other = read(at('s2-other'));
    writeFileSync(
      at('s2-other/conformance.json'),
      JSON.stringify({
        ...other,
        run: { ...other.run, embedded: false, target: 'https://staging.example.com/api/v2/public' },
      }),
    );
    // merge starts no server and no Vitest: these are cheap, run them together
    const [missing, twice, targets, whole, none] = await Promise.all([
      runCliInProcess(['merge', at('s1'), '--report-dir', at('m1')]),
      runCliInProcess(['merge', at('s1'), at('s1'), at('s2'), '--report-dir', at('m2')]),
      runCliInProcess(['merge', at('s1'), at('s2-other'), '--report-dir', at('m3')]),
      runCliInProcess(['merge', at('single'), '--report-dir', at('m4')]),
      runCliInProcess(['merge', at('nothing-here')]),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/merge: shard 2\/2 missing/);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/merge: shard 1\/2 is given twice/);
    expect(targets.code).toBe(2);
    expect(targets.stderr).toMatch(/are not shards of one run: different targets/);
    expect(whole.code).toBe(2);
    expect(whole.stderr).toMatch(/is the report of a whole run, not of a shard/);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/holds no conformance\.json/);
    for (const r of [missing, twice, targets, whole, none]) expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
