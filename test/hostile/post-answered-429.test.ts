import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isCreated, readLedger, type CreatedEntry } from '../../lib/safety/ledger.js';
import { startHostile, type Hostile, type Seen } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';

// Issue 31: "processed a POST, then answered 429": the POST was sent again and the record the first
// send made is in no ledger line (the README documented the retry as safe, which a lying server
// makes false). A POST answered 429 may be retried, but the ledger records both sends, and the run
// looks for the first one's record by its run tag before counting it gone.

const RATE_LIMITED = JSON.stringify({
  status_code: 429,
  error_type: 'rate_limit_error',
  code: 'rate_limit_exceeded',
  message: 'slow down',
  details: null,
});

/** A server that processes the first POST matching `path`, then answers it 429 as if it had not. */
async function lyingOnce(path: RegExp): Promise<{ hostile: Hostile; lied: Seen[] }> {
  const lied: Seen[] = [];
  const hostile = await startHostile({
    after: (req, answer, res) => {
      if (lied.length > 0 || req.method !== 'POST' || !path.test(req.url) || answer.status >= 300) return false;
      lied.push(req);
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end(RATE_LIMITED);
      return true;
    },
  });
  return { hostile, lied };
}

describe('a POST the server processed and then answered 429', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  it('an account create: both sends are in the ledger, the first as maybe created, listed in the report and the cleanup line', async () => {
    const lying = await lyingOnce(/\/account$/);
    hostile = lying.hostile;
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(
      ['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'account.create.record'],
      { cwd: hostile.dir },
    );
    expect(r.stderr).toBe('');
    expect(lying.lied).toHaveLength(1);
    const sends = hostile.seen.filter((s) => s.method === 'POST' && s.url.endsWith('/account'));
    // the same request twice: the retry after the 429
    expect(sends.filter((s) => s.body === lying.lied[0]!.body)).toHaveLength(2);
    const lines = readLedger(path.join(dir, 'ledger.jsonl')).filter(isCreated);
    const first = lines.filter((l: CreatedEntry) => l.maybeCreated === true);
    expect(first).toHaveLength(1);
    expect(first[0]!.note).toMatch(/answered 429 .*find it by the run id/);
    expect(lines.filter((l) => l.type === 'account' && l.maybeCreated !== true)).toHaveLength(1);
    const report = reportOf(dir);
    expect(report.leftovers).toHaveLength(1);
    expect(r.stdout).toMatch(/records may be left: .*answered 429.*npx conformance cleanup --ledger/s);
  });

  it("a custom-object upsert: the retry, on the same run-tagged match value, finds the first send's record", async () => {
    const lying = await lyingOnce(/\/_upsert$/);
    hostile = lying.hostile;
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(
      ['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'custom-object.upsert.creates'],
      { cwd: hostile.dir },
    );
    expect(r.stderr).toBe('');
    expect(lying.lied).toHaveLength(1);
    const all = readLedger(path.join(dir, 'ledger.jsonl'));
    const first = all.filter(isCreated).filter((l) => l.maybeCreated === true);
    // the first send is recorded, and settled by the lookup: it made the record the retry answered
    expect(first).toHaveLength(1);
    const settled = all.filter((l) => 'settled' in l);
    expect(settled).toEqual([expect.objectContaining({ settled: first[0]!.id })]);
    expect(reportOf(dir).leftovers).toEqual([]);
  });
});
