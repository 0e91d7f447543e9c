import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReference } from '../reference/index.js';
import { ApiClient } from '../lib/http/client.js';
import type { Exchange } from '../lib/http/exchange.js';
import { Redactor } from '../lib/redact/redact.js';
import { isArchived, isCreated, readLedger } from '../lib/safety/ledger.js';
import { keptRecordDeletedBy, keptRecords } from '../fixtures/kept-records.js';
import { runCli } from './support/cli.js';
import { keyName, referenceWithFixtures, startProxy, startSilentServer, type Proxy } from './support/loopback.js';
import { STATED_OPERATIONS } from '../suites/spec/api-operations.js';

interface Report {
  run: { fixturesCheckRequests: number; keptRecordsRequests?: number };
  checks: Array<{
    id: string;
    group: string;
    status: string;
    message: string;
    blockedBy?: { step: string; answer: string };
  }>;
}
const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

describe('the client: --read-only, 429 retries, timeouts', () => {
  let server: http.Server;
  let base: string;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url?.startsWith('/limited')) {
        hits += 1;
        const ok = req.url.includes('always') ? false : hits % 3 === 0;
        res.writeHead(ok ? 200 : 429, { 'content-type': 'application/json', 'retry-after': '0' });
        res.end(ok ? '{}' : JSON.stringify({ code: 'rate_limit_exceeded', status_code: 429, message: 'slow down' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });

  const client = (o: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) =>
    new ApiClient({
      baseUrl: base,
      operations: STATED_OPERATIONS,
      keys: { apiKey: 'pra_a_key_0000', otherOrgApiKey: 'pra_b_key_0000', readOnlyApiKey: 'pra_r_key_0000' },
      timeoutMs: 2000,
      maxWaitMs: 2000,
      redactor: new Redactor([]),
      ...o,
    });

  it('--read-only refuses every write that could change data if taken, whatever its key, and sends the rest', async () => {
    const refused: string[] = [];
    const api = client({
      readOnly: true,
      refuse: (kind, message) => {
        refused.push(`${kind}: ${message}`);
        throw new Error(message);
      },
    });
    await expect(api.post('/contact', {})).rejects.toThrow('--read-only: this check writes (POST /contact)');
    await expect(api.patch(`/task/${crypto.randomUUID()}`, {}, { auth: 'otherOrgApiKey' })).rejects.toThrow(
      '--read-only: this check writes (PATCH /task/{task_id})',
    );
    await expect(api.delete('/whatever/1')).rejects.toThrow('(DELETE /whatever/1)');
    // a server with a permission bug takes what it must refuse: these would create a contact
    await expect(api.post('/contact', {}, { auth: 'readOnlyApiKey' })).rejects.toThrow(
      '--read-only: this check would create a contact if the server wrongly accepted it (POST /contact with the readOnlyApiKey)',
    );
    await expect(api.post('/contact', {}, { auth: 'none' })).rejects.toThrow('(POST /contact with no key)');
    await expect(api.delete(`/task/${crypto.randomUUID()}`, { auth: { raw: 'Bearer nope' } })).rejects.toThrow(
      'would archive a task if the server wrongly accepted it (DELETE /task/{task_id} with an invalid key)',
    );
    expect(refused).toHaveLength(6);
    for (const auth of ['none', 'readOnlyApiKey', { raw: 'Bearer nope' }] as const) {
      expect(
        (await api.patch(`/task/${crypto.randomUUID()}`, {}, { auth, harmless: 'an id that names nothing' })).response
          ?.status,
      ).toBe(200);
    }
    expect((await api.get('/contact/x')).response?.status).toBe(200);
  });

  it('never sends a DELETE naming a kept record, whoever it is sent with; the given-up ones go', async () => {
    const kept = (method: string, path: string) =>
      keptRecordDeletedBy({ taskIds: ['t1'], taskToArchive: 't2' }, method, path)?.key;
    const refused: string[] = [];
    const api = client({
      keptRecordOf: kept,
      refuse: (kind, message) => {
        refused.push(kind);
        throw new Error(message);
      },
    });
    await expect(api.delete('/task/t1', { auth: 'readOnlyApiKey' })).rejects.toThrow(
      'not sent: DELETE /task/{task_id} (archive a task) names taskIds[0]',
    );
    await expect(api.delete('/task/t1')).rejects.toThrow('a record the fixtures file keeps');
    expect(refused).toEqual(['kept-record', 'kept-record']);
    expect((await api.delete('/task/t2')).response?.status).toBe(200);
    expect((await api.patch('/task/t1', { attributes: { disposition: 'x' } })).response?.status).toBe(200);
  });

  it('retries a 429 until another answer comes, each exchange counting the retries before it', async () => {
    const seen: Exchange[] = [];
    hits = 0;
    const ex = await client({ onExchange: (e) => seen.push(e) }).get('/limited');
    expect(ex.response?.status).toBe(200);
    expect(seen.map((e) => [e.response?.status, e.rateLimitRetries])).toEqual([
      [429, 0],
      [429, 1],
      [200, 2],
    ]);
  });

  it('gives up on a server that answers nothing but 429 (Retry-After: 0) once --max-wait has passed, backing off on the way', async () => {
    const seen: Exchange[] = [];
    await expect(client({ onExchange: (e) => seen.push(e) }).get('/limited/always')).rejects.toThrow(
      /^blocked: the server answered nothing but 429 for 2 s \(--max-wait\); stopped at \d\d:\d\d:\d\d UTC$/,
    );
    expect(seen.map((e) => e.rateLimitRetries)).toEqual(seen.map((_e, i) => i));
    // Retry-After: 0 again and again is not taken as leave to hammer: the waits back off (at least
    // 0.5 s, 1 s, 2 s after the first), so 2 s of nothing but 429 takes only a handful of attempts
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.length).toBeLessThanOrEqual(6);
  });

  it('a request that gets no answer times out after --timeout: "connection failed: … timed out"', async () => {
    const silent = await startSilentServer();
    try {
      const api = new ApiClient({
        baseUrl: silent.url,
        operations: STATED_OPERATIONS,
        keys: { apiKey: 'pra_a_key_0000' },
        timeoutMs: 300,
        redactor: new Redactor([]),
        throwOnTransportError: true,
      });
      await expect(api.get('/contact/x')).rejects.toThrow(
        /^connection failed: GET http:\/\/127\.0\.0\.1:\d+\/contact\/x: timed out after 300 ms/,
      );
    } finally {
      await silent.close();
    }
  });
});

describe('a run with the safety options, watched through a loopback proxy', () => {
  let reference: RunningReference;
  let dir: string;
  let writeFixtures: (baseUrl: string) => string;
  beforeAll(async () => {
    ({ reference, dir, writeFixtures } = await referenceWithFixtures({ latencyMs: 5 }));
  });
  afterAll(async () => {
    await reference.close();
  });

  async function run(
    args: string[],
    reportDir: string,
    proxyOptions = {},
  ): Promise<{ code: number | null; out: string; proxy: Proxy; report: Report; dir: string }> {
    const proxy = await startProxy(reference.baseUrl, proxyOptions);
    try {
      const r = await runCli(['--fixtures', writeFixtures(proxy.baseUrl), '--report-dir', reportDir, ...args], {
        cwd: dir,
        timeoutMs: 120_000,
      });
      const report = JSON.parse(readFileSync(path.join(dir, reportDir, 'conformance.json'), 'utf8')) as Report;
      return { code: r.code, out: r.stdout + r.stderr, proxy, report, dir: path.join(dir, reportDir) };
    } finally {
      await proxy.close();
    }
  }

  it('--read-only: no write goes out with a key that can write; the checks that write are skipped, saying so; the rest run', async () => {
    const r = await run(['--read-only'], 'read-only');
    // a run that wrote nothing tested no write: incomplete, and --read-only is what it lacks
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/^verdict: incomplete /m);
    expect(r.out).toMatch(/^ {2}- --read-only \(this run's flag\): leaving it out unlocks \d+ MUST checks/m);
    const writes = r.proxy.stats.requests.filter((q) => WRITES.has(q.method));
    const byKey = new Set(writes.map((q) => keyName(reference, q.authorization)));
    expect(
      byKey.has('apiKey') || byKey.has('otherOrgApiKey'),
      JSON.stringify(
        writes.filter((q) => ['apiKey', 'otherOrgApiKey'].includes(keyName(reference, q.authorization))).slice(0, 3),
      ),
    ).toBe(false);
    expect(byKey).toContain('none'); // the 401 checks ran
    // and no create went out with any key: a server that wrongly took one would make a record
    expect(
      writes.filter(
        (q) => /^\/(contact|account|opportunity|[^/]+\/_upsert)$/.test(q.path.split('?')[0]!) && q.method === 'POST',
      ),
    ).toEqual([]);
    const skipped = r.report.checks.filter((c) => c.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(50);
    for (const c of skipped) {
      expect(c.message).toMatch(
        /^--read-only: this check (writes \((POST|PATCH|PUT|DELETE) \/\S*\)$|would [a-z -]+ if the server wrongly accepted it)/,
      );
    }
    const passed = (group: string) => r.report.checks.filter((c) => c.group === group && c.status === 'passed').length;
    expect(passed('authentication')).toBeGreaterThan(0);
    expect(passed('isolation')).toBeGreaterThan(0);
    expect(passed('errors')).toBeGreaterThan(0);
    expect(readLedger(path.join(r.dir, 'ledger.jsonl')).filter(isCreated)).toEqual([]);
  });

  it('--max-requests: past the cap nothing is sent; the checks are blocked, naming the flag; the run is incomplete; the report is written', async () => {
    const r = await run(['--only', 'contacts,accounts', '--max-requests', '15'], 'capped');
    expect(r.code, r.out).toBe(1);
    const blocked = r.report.checks.filter((c) => c.status === 'blocked' && /--max-requests 15/.test(c.message));
    expect(blocked.length).toBeGreaterThan(3);
    expect(blocked.every((c) => c.blockedBy?.step === '--max-requests')).toBe(true);
    expect(r.report.checks.filter((c) => c.status === 'failed')).toEqual([]);
    expect(r.out).toMatch(/verdict: incomplete/);
    // 3 probe requests (one per key), the fixtures check's, 15 for the checks, plus the archive of
    // what they created (never refused)
    const archives = readLedger(path.join(r.dir, 'ledger.jsonl')).filter(isArchived).length;
    const before = 3 + r.report.run.fixturesCheckRequests + (r.report.run.keptRecordsRequests ?? 0);
    expect(r.report.run.fixturesCheckRequests).toBeGreaterThan(0);
    expect(r.proxy.stats.requests.length).toBeLessThanOrEqual(before + 15 + archives);
    expect(r.proxy.stats.requests.length).toBeGreaterThanOrEqual(before + 15);
  });

  it('--concurrency: never more requests in flight than the cap', async () => {
    const capped = await run(['--only', 'contacts', '--concurrency', '2'], 'c2');
    expect(capped.code, capped.out).toBe(0);
    expect(capped.proxy.stats.maxInFlight).toBeLessThanOrEqual(2);
    const free = await run(['--only', 'contacts'], 'c8');
    expect(free.proxy.stats.maxInFlight).toBeGreaterThan(2); // the measure can see more: the cap is what held it
    expect(free.proxy.stats.maxInFlight).toBeLessThanOrEqual(32); // the default ceiling
  });

  it("the read of kept records after the run goes beside the set-ups' archives, under the one --concurrency", async () => {
    // each DELETE held 150 ms, as a server that archives slowly holds the run's last archives
    const r = await run(['--only', 'write-forms', '--concurrency', '2'], 'c2-tail', {
      delayMs: (method: string) => (method === 'DELETE' ? 150 : 0),
    });
    expect(r.code, r.out).toBe(0);
    expect(r.proxy.stats.maxInFlight).toBeLessThanOrEqual(2);
    const { requests } = r.proxy.stats;
    // the audit's reads are the last reads of the kept records; the run's last archives end after the first
    const reads = keptRecords(reference.fixtures).map((k) =>
      requests.findLast((q) => q.method === 'GET' && q.path === k.read),
    );
    expect(reads.length).toBe(r.report.run.keptRecordsRequests);
    const firstRead = Math.min(...reads.map((q) => q!.at!));
    const lastArchive = Math.max(...requests.filter((q) => q.method === 'DELETE').map((q) => q.doneAt!));
    expect(firstRead).toBeLessThan(lastArchive);
  });
});
