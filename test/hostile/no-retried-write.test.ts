import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';

describe('no automatic retry of a write', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  it('a POST processed and then left unanswered (connection closed) is sent once, and the ledger says it may have been created', async () => {
    hostile = await startHostile({
      after: (req, _answer, res) => {
        if (req.method !== 'POST' || !req.url.endsWith('/contact')) return false;
        res.socket?.destroy();
        return true;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(
      ['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'contact.create.status-201'],
      { cwd: hostile.dir },
    );
    expect(r.stderr).toBe('');
    const posts = hostile.seen.filter((s) => s.method === 'POST' && s.url.endsWith('/contact'));
    expect(posts.length).toBeGreaterThan(0);
    // every POST body is unique to its request: one seen twice was sent again
    expect(new Set(posts.map((p) => p.body)).size).toBe(posts.length);
    const ledger = readFileSync(path.join(dir, 'ledger.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { maybeCreated?: boolean; note?: string; runId: string });
    const maybe = ledger.filter((l) => l.maybeCreated === true);
    expect(maybe).toHaveLength(posts.length);
    expect(maybe[0]?.note).toMatch(/may have been created: the POST got no answer .*find it by the run id/);
    const report = reportOf(dir);
    expect(report.leftovers.length).toBe(posts.length);
    expect(r.stdout).toMatch(/records may be left: .*may have created a record.*\n?.*npx conformance cleanup --ledger/);
  });
});
