import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isCreated, pendingArchives, readLedger } from '../../lib/safety/ledger.js';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';

describe('interruption', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  for (const [signal, status] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal} mid-run: no new requests, what was made is archived, a partial report marked interrupted, the cleanup command, exit ${status}`, async () => {
      // every answer a little late, so the run is mid-way when the signal comes
      hostile = await startHostile({}, { latencyMs: 30 });
      const dir = path.join(hostile.dir, 'report');
      let sent = false;
      let seenAtSignal = 0;
      let pid: number | undefined;
      // once the first account was created, the signal
      const poll = setInterval(() => {
        if (sent || pid === undefined || !hostile!.seen.some((s) => s.method === 'POST' && s.url.endsWith('/account')))
          return;
        sent = true;
        seenAtSignal = hostile!.seen.length;
        process.kill(pid, signal);
      }, 20);
      const r = await runMeasured(
        ['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'accounts,contacts'],
        {
          cwd: hostile.dir,
          timeoutMs: 60_000,
          onStdout: (_all, p) => {
            pid = p;
          },
        },
      ).finally(() => clearInterval(poll));
      expect(sent).toBe(true);
      expect(r.code, r.stderr).toBe(status);
      expect(r.stdout).toMatch(
        new RegExp(`interrupted \\(${signal}\\): the report is partial; .*npx conformance cleanup --ledger`),
      );
      const report = reportOf(dir);
      expect(report.run['interrupted']).toBe(signal);
      // after the signal only archives went out, and requests already on their way: at most as many as
      // the run had in flight (the limit it grew to; a loaded host can leave a full window on its way)
      const after = hostile.seen.slice(seenAtSignal);
      const inFlight = (report.run['concurrency'] as { highest?: number; start?: number } | undefined) ?? {};
      const onTheirWay = Math.max(8, inFlight.highest ?? inFlight.start ?? 8);
      expect(after.filter((s) => s.method === 'POST').length).toBeLessThanOrEqual(onTheirWay);
      const lines = readLedger(path.join(dir, 'ledger.jsonl'));
      expect(lines.filter(isCreated).some((l) => l.type === 'account')).toBe(true);
      expect(pendingArchives(lines)).toEqual([]);
    });
  }
});
