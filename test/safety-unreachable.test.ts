import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReference } from '../reference/index.js';
import { runCli } from './support/cli.js';
import { referenceWithFixtures, startProxy, startSilentServer } from './support/loopback.js';

// Only loopback servers this file starts, and a name under the reserved `.invalid` TLD (RFC 6761:
// resolvers answer it NXDOMAIN without asking anyone).

interface Report {
  run: { requestsSent: number; probeRequests?: number; fixturesCheckRequests?: number };
  checks: Array<{ id: string; status: string; message: string; blockedBy?: { step: string; answer: string } }>;
}

describe('the first probe fails: exit 2 and one line', () => {
  it('a DNS failure', async () => {
    const r = await runCli(
      [
        '--base-url',
        'http://conformance-no-such-host.invalid/api/v2/public',
        '--api-key',
        'pra_test_probe_key_0123',
        '--timeout',
        '3000',
      ],
      { timeoutMs: 30_000 },
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /cannot reach the server at http:\/\/conformance-no-such-host\.invalid\/api\/v2\/public: DNS lookup failed: .*(ENOTFOUND|EAI_AGAIN)/,
    );
  });

  it('a TLS error (https:// to a plain-HTTP loopback server)', async () => {
    const plain = http.createServer((_req, res) => {
      res.end('{}');
    });
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', () => r()));
    try {
      const { port } = plain.address() as AddressInfo;
      const r = await runCli(
        [
          '--base-url',
          `https://127.0.0.1:${port}/api/v2/public`,
          '--api-key',
          'pra_test_probe_key_0123',
          '--timeout',
          '3000',
        ],
        { timeoutMs: 30_000 },
      );
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/cannot reach the server at https:\/\/127\.0\.0\.1:\d+\/api\/v2\/public: TLS error: /);
    } finally {
      await new Promise<void>((r) => plain.close(() => r()));
    }
  });

  it('a timeout (a server that accepts and never answers, --timeout 500)', async () => {
    const silent = await startSilentServer();
    try {
      const r = await runCli(
        ['--base-url', `${silent.url}/api/v2/public`, '--api-key', 'pra_test_probe_key_0123', '--timeout', '500'],
        { timeoutMs: 30_000 },
      );
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(
        /cannot reach the server at http:\/\/127\.0\.0\.1:\d+\/api\/v2\/public: timed out after 500 ms/,
      );
    } finally {
      await silent.close();
    }
  });
});

describe('during the run', () => {
  let reference: RunningReference;
  let dir: string;
  let writeFixtures: (baseUrl: string) => string;
  beforeAll(async () => {
    ({ reference, dir, writeFixtures } = await referenceWithFixtures());
  });
  afterAll(async () => {
    await reference.close();
  });

  it('a route that never answers blocks its checks "timed out" (no hang), and the run is incomplete', async () => {
    const proxy = await startProxy(reference.baseUrl, {
      hang: (method, p) => method === 'GET' && p.startsWith('/_schema/contact'),
    });
    try {
      const fixtures = writeFixtures(proxy.baseUrl);
      // --timeout bounds every request of the run: 2000 ms leaves the answered ones room on a loaded machine
      const r = await runCli(
        ['--fixtures', fixtures, '--only', 'discovery', '--timeout', '2000', '--report-dir', 'hang'],
        { cwd: dir, timeoutMs: 60_000 },
      );
      expect(r.code, r.stdout + r.stderr).toBe(1);
      const report = JSON.parse(readFileSync(path.join(dir, 'hang', 'conformance.json'), 'utf8')) as Report;
      const hung = report.checks.filter((c) => c.status === 'blocked');
      expect(hung.length).toBeGreaterThan(0);
      expect(r.stdout).toMatch(/verdict: incomplete/);
      for (const c of hung)
        expect(c.message).toMatch(
          /connection failed: GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/public\/_schema\/contact: timed out after 2000 ms/,
        );
    } finally {
      await proxy.close();
    }
  });

  it('a server that dies mid-run: blocked checks saying the connection failed, exit 1, the report written', async () => {
    // the probe sends 3 requests (one per key), the fixtures check about a dozen; the server dies a few
    // requests into the checks
    const proxy = await startProxy(reference.baseUrl, { dieAfter: 28 });
    try {
      const fixtures = writeFixtures(proxy.baseUrl);
      const r = await runCli(
        // at the old fixed pace, so checks are still waiting when the server dies: the stop is what is tested
        [
          '--fixtures',
          fixtures,
          '--only',
          'contacts,accounts',
          '--timeout',
          '2000',
          '--report-dir',
          'died',
          '--concurrency',
          '8',
        ],
        { cwd: dir, timeoutMs: 60_000 },
      );
      expect(r.code, r.stdout + r.stderr).toBe(1);
      expect(r.stderr).not.toMatch(/internal error|suite itself failed/);
      const file = path.join(dir, 'died', 'conformance.json');
      expect(existsSync(file)).toBe(true);
      const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
      // a check whose request got no answer never tested its rule: blocked, not failed
      const failed = report.checks.filter((c) => c.status === 'failed' || c.status === 'blocked');
      expect(failed.length).toBeGreaterThan(5);
      const connection = failed.filter((c) =>
        /connection failed: .*(connection refused|connection closed by the server)/.test(c.message),
      );
      expect(connection.length).toBeGreaterThan(0);
      // once requests sent after the last answer get none, the run stops: the rest are blocked under that one finding
      expect(
        failed.every((c) => /connection failed|the server stopped answering/.test(c.message)),
        failed.map((c) => c.message).join('\n'),
      ).toBe(true);
      expect(
        connection.every((c) => c.status === 'blocked' && c.blockedBy?.answer.startsWith('connection failed')),
      ).toBe(true);
      // a request with no answer is a sent request too: the run counts more requests of the checks than
      // the proxy answered them (it answered dieAfter requests in all, the probe's and the fixtures
      // check's among them). Not one per connection-failed check: a shared set-up's one unanswered
      // request blocks every check that asked for it.
      const answeredToChecks =
        proxy.stats.requests.length - 1 - (report.run.probeRequests ?? 0) - (report.run.fixturesCheckRequests ?? 0);
      expect(report.run.requestsSent).toBeGreaterThan(answeredToChecks);
      expect(r.stdout).toMatch(/not run: the server stopped answering at \d\d:\d\d:\d\d UTC after \d+ requests/);
    } finally {
      await proxy.close();
    }
  });
});
