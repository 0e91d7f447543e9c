import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_PATH, leavesBase, startHostile, type Hostile } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';

// Issue 31, row 1: creates answered with ids that are not uuids, shaped to steer a request elsewhere
// once a proxy in front decodes `%2F` (as nginx does), or to add a query.

const IDS = ['..%2F..%2F..%2Fadmin', 'x?role=admin', '..%252F..%252F..%252Fadmin', '..\\..\\admin', 'plain-not-a-uuid'];
const CREATE = /\/(account|contact|opportunity|_upsert)$/;

describe('an id from the server is data until proven an identifier', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  it('creates answered with ids that climb out of the base path once decoded, or add a query: none is sent', async () => {
    let n = 0;
    hostile = await startHostile({
      after: (req, answer, res) => {
        if (req.method !== 'POST' || !CREATE.test(req.url) || answer.status >= 300) return false;
        const body = JSON.parse(answer.body) as { data: { id: string } };
        body.data.id = IDS[n++ % IDS.length]!;
        res.writeHead(answer.status, answer.headers);
        res.end(JSON.stringify(body));
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
        'accounts,custom-objects,write-forms,records,http-semantics',
      ],
      { cwd: hostile.dir },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(n).toBeGreaterThan(IDS.length);
    // as the server sees it, and as a proxy that decodes once or twice sees it
    expect(hostile.seen.filter((s) => leavesBase(s.url))).toEqual([]);
    expect(hostile.seen.filter((s) => /role=admin|admin/i.test(decodeURIComponent(s.url)))).toEqual([]);
    // an id that is no uuid goes into no path at all, however harmless it looks
    expect(hostile.seen.filter((s) => s.url.includes('plain-not-a-uuid'))).toEqual([]);
    const ledger = readFileSync(path.join(dir, 'ledger.jsonl'), 'utf8');
    expect(ledger).not.toMatch(/"path":"[^"]*admin/);
    expect(
      reportOf(dir)
        .checks.filter((c) => c.status === 'blocked')
        .map((c) => c.message)
        .join('\n'),
    ).toMatch(/not a uuid/);
    expect(hostile.seen.every((s) => s.url.startsWith(`${BASE_PATH}/`))).toBe(true);
  });
});
