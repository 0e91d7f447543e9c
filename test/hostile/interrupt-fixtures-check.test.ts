import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isCreated, pendingArchives, readLedger } from '../../lib/safety/ledger.js';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';

// Issue 31: "the user pressed Ctrl-C during the fixtures check, which had created a record": the run
// died by the signal, nothing archived, no cleanup line (the handler was installed only when the
// checks started).

describe('Ctrl-C during the fixtures check', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  it('archives the record the fixtures check made, writes the reports, prints the cleanup command, exits 130', async () => {
    let pid: number | undefined;
    let signalled = false;
    let seenAtSignal = 0;
    hostile = await startHostile(
      {
        after: (req, answer, res) => {
          // the fixtures check's upsert of the custom object's samples is the run's first write (and,
          // after its reads, its last step): the signal comes while the run waits for its answer, which
          // goes back a moment later, before the fixtures check has archived the record
          if (!signalled && pid !== undefined && req.method === 'POST' && req.url.endsWith('/_upsert')) {
            signalled = true;
            seenAtSignal = hostile!.seen.length;
            process.kill(pid, 'SIGINT');
            setTimeout(() => {
              res.writeHead(answer.status, answer.headers);
              res.end(answer.body);
            }, 300);
            return true;
          }
          return false;
        },
      },
      // every answer a little late, so the fixtures check is still under way when the signal comes
      { latencyMs: 300 },
    );
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir], {
      cwd: hostile.dir,
      timeoutMs: 90_000,
      onStdout: (_all, p) => {
        pid = p;
      },
    });
    expect(signalled).toBe(true);
    expect(r.signal).toBeNull();
    expect(r.code, r.stderr).toBe(130);
    const lines = readLedger(path.join(dir, 'ledger.jsonl'));
    const made = lines.filter(isCreated);
    expect(made.map((l) => l.rule)).toEqual(['fixtures check']);
    expect(pendingArchives(lines)).toEqual([]);
    // after the signal: the archive, and no check's request
    const after = hostile.seen.slice(seenAtSignal);
    expect(after.filter((s) => s.method === 'DELETE').length).toBe(1);
    expect(after.filter((s) => s.method === 'POST' || s.method === 'PATCH')).toEqual([]);
    expect(existsSync(path.join(dir, 'summary.md'))).toBe(true);
    const report = reportOf(dir);
    expect(report.run['interrupted']).toBe('SIGINT');
    // no check sent a request: the only checks that ran to a verdict judged a read the fixtures check
    // had answered before the signal (suites/steps/read-once.ts), and none of those failed
    expect(report.checks.filter((c) => c.status === 'failed')).toEqual([]);
    expect(report.checks.filter((c) => c.status === 'passed' && c.requests !== 0)).toEqual([]);
    expect(report.certificate.verdict).toBe('incomplete');
    expect(r.stdout).toMatch(/interrupted \(SIGINT\).*npx conformance cleanup --ledger/);
  }, 120_000);
});
