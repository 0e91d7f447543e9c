import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendLedger, pendingArchives, readLedger } from '../../lib/safety/ledger.js';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { runMeasured } from './run.js';

// Issue 31: "answered 429 with an enormous Retry-After to `conformance cleanup`": 50 s per record, no
// stop: 301 s for 6 records. `cleanup` has the run's back-off budget (--max-wait) and says what it
// could not archive.

describe('conformance cleanup against a server that asks to wait for ever', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  it('stops at the first Retry-After longer than --max-wait and names every record it could not archive', async () => {
    hostile = await startHostile({
      before: (req, res) => {
        if (req.method !== 'DELETE') return false;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(10 ** 9) });
        res.end(
          JSON.stringify({
            status_code: 429,
            error_type: 'rate_limit_error',
            code: 'rate_limit_exceeded',
            message: 'come back in 30 years',
            details: null,
          }),
        );
        return true;
      },
    });
    const folder = path.join(hostile.dir, 'killed');
    mkdirSync(folder);
    const ledger = path.join(folder, 'ledger.jsonl');
    writeFileSync(ledger, '');
    const ids = Array.from({ length: 6 }, () => randomUUID());
    for (const id of ids) {
      appendLedger(ledger, {
        id,
        type: 'account',
        path: `/account/${id}`,
        runId: 'cr-20260101-0000-aaaaaa',
        createdAt: new Date().toISOString(),
        auth: 'apiKey',
      });
    }
    const r = await runMeasured(['cleanup', '--ledger', ledger, '--fixtures', hostile.fixtures], {
      cwd: hostile.dir,
      timeoutMs: 60_000,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    // one DELETE: the server's answer to it ends the cleanup; none is sent again
    expect(hostile.seen.filter((s) => s.method === 'DELETE')).toHaveLength(1);
    for (const id of ids) expect(r.stdout).toMatch(new RegExp(`not archived: account ${id} .*asked to wait`));
    expect(r.stdout).toMatch(/cleanup: 0 archived, 0 already gone, 6 not archived/);
    expect(pendingArchives(readLedger(ledger))).toHaveLength(6);
  }, 90_000);
});
