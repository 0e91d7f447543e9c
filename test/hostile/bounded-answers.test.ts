import path from 'node:path';
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';

// Answers that never end, or end far too late: the run stays bounded in memory and in time.

const CONTACT_READ = /^\/api\/v2\/public\/contact\/[0-9a-f-]{36}$/;
const MiB = 1024 * 1024;

/** Writes `total` bytes of a JSON string, a MiB at a time, as fast as the client reads them. */
function flood(res: http.ServerResponse, total: number): void {
  const chunk = Buffer.alloc(MiB, 'a');
  let sent = 0;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"data":"');
  const more = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', more);
        return;
      }
    }
    if (!res.destroyed) res.end('"}');
  };
  res.on('error', () => undefined);
  more();
}

describe('bounded answers', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  it('a 500 MB answer is cut at --max-response-bytes: the check is blocked with the reason, memory stays low, the reports are written', async () => {
    hostile = await startHostile({
      after: (req, answer, res) => {
        if (req.method !== 'GET' || !CONTACT_READ.test(req.url) || answer.status !== 200) return false;
        flood(res, 500 * MiB);
        return true;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(
      [
        '--fixtures',
        hostile.fixtures,
        '--report-dir',
        dir,
        '--only',
        'contact.get.record',
        '--max-response-bytes',
        String(4 * MiB),
      ],
      { cwd: hostile.dir },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const check = reportOf(dir).checks.find((c) => c.id === 'contact.get.record');
    expect(check?.status).toBe('blocked');
    expect(check?.message).toMatch(/larger than --max-response-bytes 4194304/);
    expect(r.maxRss).toBeLessThan(500 * MiB);
  });

  it('a body trickling a byte a second meets one deadline for the whole exchange (--timeout)', async () => {
    const timers: NodeJS.Timeout[] = [];
    hostile = await startHostile({
      after: (req, answer, res) => {
        if (req.method !== 'GET' || !CONTACT_READ.test(req.url) || answer.status !== 200) return false;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data":');
        const t = setInterval(() => {
          if (res.destroyed) clearInterval(t);
          else res.write(' ');
        }, 200);
        timers.push(t);
        return true;
      },
    });
    try {
      const dir = path.join(hostile.dir, 'report');
      // each chunk comes well inside --timeout: only a deadline on the whole exchange ends it
      const r = await runMeasured(
        ['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'contact.get.record', '--timeout', '2000'],
        { cwd: hostile.dir, timeoutMs: 60_000 },
      );
      expect(r.code).toBe(1);
      const check = reportOf(dir).checks.find((c) => c.id === 'contact.get.record');
      expect(check?.status).toBe('blocked');
      expect(check?.message).toMatch(/timed out after 2000 ms/);
    } finally {
      for (const t of timers) clearInterval(t);
    }
  });
});
