import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';

// Issue 38: never archive what is not proven the run's; every write the server may have done is in
// the ledger; an answer nested thousands of levels deep is named too deep, never a transport failure.

const REPORTS = ['conformance.json', 'junit.xml', 'summary.md', 'report.html', 'badge.svg', 'certificate.json'];

interface Line {
  id?: string;
  notOwn?: boolean;
  maybeCreated?: boolean;
  note?: string;
}

const ledgerOf = (dir: string) =>
  readFileSync(path.join(dir, 'ledger.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);

describe('what the server may have written, and what it cannot make the run read', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  it('an account create answered with an existing, 400-day-old account and no Date header: never archived', async () => {
    const existing = randomUUID();
    hostile = await startHostile({
      after: (req, answer, res) => {
        if (req.method !== 'POST' || !/\/account$/.test(req.url) || answer.status >= 300) return false;
        const body = JSON.parse(answer.body) as { data: Record<string, unknown> };
        body.data['id'] = existing;
        body.data['created_at'] = new Date(Date.now() - 400 * 86_400_000).toISOString();
        body.data['attributes'] = { display_name: { value_type: 'string', value: 'Northwind Traders' } };
        // no Date header: neither the reference's nor node's own
        const { date: _date, ...headers } = answer.headers;
        res.sendDate = false;
        res.writeHead(answer.status, headers);
        res.end(JSON.stringify(body));
        return true;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'accounts'], {
      cwd: hostile.dir,
      timeoutMs: 120_000,
    });
    expect(r.stderr).toBe('');
    for (const f of REPORTS) expect(existsSync(path.join(dir, f)), f).toBe(true);
    expect(hostile.seen.filter((s) => s.method === 'DELETE' && s.url.includes(existing))).toEqual([]);
    const line = ledgerOf(dir).find((l) => l.id === existing);
    expect(line?.notOwn).toBe(true);
    expect(line?.note).toMatch(/not proven the run's: .*no Date header/);
  });

  it('a POST answered 503 after the server processed it: in the ledger as may have created', async () => {
    let failed = 0;
    hostile = await startHostile({
      after: (req, answer, res) => {
        if (req.method !== 'POST' || !/\/contact$/.test(req.url) || answer.status >= 300 || failed > 0) return false;
        failed += 1;
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end('{"status_code":503,"error_type":"server_error","code":"unavailable","message":"x","details":null}');
        return true;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'contacts'], {
      cwd: hostile.dir,
      timeoutMs: 120_000,
    });
    expect(r.stderr).toBe('');
    expect(failed).toBe(1);
    const maybe = ledgerOf(dir).filter((l) => l.maybeCreated === true);
    expect(maybe.map((l) => l.note).join('\n')).toMatch(/may have been created: the POST was answered 503/);
    expect(r.stdout).toMatch(/POST\(s\) that may have created a record/);
    expect(JSON.stringify(reportOf(dir).leftovers)).toMatch(/answered 503/);
  });

  it('an answer nested 3000 levels deep: named too deep, never a transport failure or a stack overflow', async () => {
    const deep = '{"data":' + '['.repeat(3000) + ']'.repeat(3000) + '}';
    let n = 0;
    hostile = await startHostile({
      after: (req, answer, res) => {
        // past the probe and the fixtures check: the checks' reads of a contact
        if (++n <= 25 || req.method !== 'GET' || !/\/contact\/[0-9a-f-]{36}$/.test(req.url)) return false;
        res.writeHead(answer.status, answer.headers);
        res.end(deep);
        return true;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'contacts'], {
      cwd: hostile.dir,
      timeoutMs: 120_000,
    });
    expect(r.stderr).toBe('');
    for (const f of REPORTS) expect(existsSync(path.join(dir, f)), f).toBe(true);
    const all = r.stdout + readFileSync(path.join(dir, 'conformance.json'), 'utf8');
    expect(all).not.toMatch(/Maximum call stack/);
    const checks = reportOf(dir).checks;
    const deepOnes = checks.filter((c) =>
      /answer was not read: .* too deep/.test(`${c.message} ${c.blockedBy?.answer ?? ''}`),
    );
    expect(deepOnes.length).toBeGreaterThan(0);
    for (const c of deepOnes) expect(`${c.message} ${c.blockedBy?.answer ?? ''}`).not.toMatch(/connection failed/);
  });
});
