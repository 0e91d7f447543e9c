import path from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { assertUnderBase, isUnderBase, OutsideBaseUrl, segment } from '../../lib/http/under-base.js';
import { ApiClient } from '../../lib/http/client.js';
import { Redactor } from '../../lib/redact/redact.js';
import { BASE_PATH, startHostile, type Hostile } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';
import { STATED_OPERATIONS } from '../../suites/spec/api-operations.js';

const TRAVERSAL = '../../../../../admin/users/all';

describe('requests never leave the base URL', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  it('a created record whose id climbs out of the base path: no request leaves it, nor does the ledger', async () => {
    hostile = await startHostile({
      after: (req, answer, res) => {
        if (req.method !== 'POST' || !/\/(account|contact)$/.test(req.url) || answer.status >= 300) return false;
        const body = JSON.parse(answer.body) as { data: { id: string } };
        body.data.id = TRAVERSAL;
        res.writeHead(answer.status, answer.headers);
        res.end(JSON.stringify(body));
        return true;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(
      ['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'account.*,contact.get.*,contact.patch.*'],
      { cwd: hostile.dir },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const outside = hostile.seen.filter(
      (s) => !s.url.startsWith(`${BASE_PATH}/`) || /admin|\.\./.test(decodeURIComponent(s.url)),
    );
    expect(outside).toEqual([]);
    expect(readFileSync(path.join(dir, 'ledger.jsonl'), 'utf8')).not.toMatch(/"path":"[^"]*admin/);
    // the steps that needed the record are blocked, naming the id, not failed under their own rule
    expect(
      reportOf(dir)
        .checks.filter((c) => c.status === 'blocked')
        .map((c) => c.message)
        .join('\n'),
    ).toMatch(/not a uuid/);
  });

  it('cleanup replays no ledger line whose path leaves the base URL', async () => {
    hostile = await startHostile({});
    const ledger = path.join(hostile.dir, 'ledger.jsonl');
    const line = {
      id: TRAVERSAL,
      type: 'account',
      path: `/account/${TRAVERSAL}`,
      runId: 'r1',
      createdAt: new Date().toISOString(),
      auth: 'apiKey',
    };
    writeFileSync(ledger, JSON.stringify(line) + '\n');
    const r = await runMeasured(['cleanup', '--ledger', ledger, '--fixtures', hostile.fixtures], { cwd: hostile.dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/not archived: .*would leave the base URL/);
    expect(hostile.seen.filter((s) => s.method === 'DELETE')).toEqual([]);
  });

  it('the client refuses a path outside the base path, and never sends it', async () => {
    hostile = await startHostile({});
    const client = new ApiClient({
      baseUrl: hostile.baseUrl,
      operations: STATED_OPERATIONS,
      keys: hostile.reference.keys,
      timeoutMs: 2000,
      redactor: new Redactor([]),
    });
    for (const p of [
      `/account/${TRAVERSAL}`,
      '/account/%2e%2e/%2E%2E/admin',
      '/account/x#frag',
      '/account\\..\\admin',
      'account',
    ]) {
      await expect(client.delete(p)).rejects.toThrow(/leave the base URL/);
    }
    expect(hostile.seen).toEqual([]);
  });

  it('a redirect is not followed', async () => {
    hostile = await startHostile({
      before: (req, res) => {
        if (req.url.endsWith('/redirect-me')) {
          res.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' });
          res.end();
          return true;
        }
        return false;
      },
    });
    const client = new ApiClient({
      baseUrl: hostile.baseUrl,
      operations: STATED_OPERATIONS,
      keys: hostile.reference.keys,
      timeoutMs: 2000,
      redactor: new Redactor([]),
    });
    const ex = await client.get('/redirect-me');
    expect(ex.response?.status).toBe(302);
    expect(hostile.seen.map((s) => s.url)).toEqual([`${BASE_PATH}/redirect-me`]);
  });
});

describe('under-base', () => {
  const base = 'http://127.0.0.1:1/api/v2/public';
  it('keeps a path under the base path', () => {
    expect(assertUnderBase(base, '/contact/abc').toString()).toBe(`${base}/contact/abc`);
    expect(isUnderBase(base, '/contact/../../x')).toBe(false);
    expect(isUnderBase(base, '/contact/%2E/x')).toBe(false);
  });
  it('judges a path as a proxy in front sees it: decoded once and twice, backslashes, ? and #', () => {
    for (const p of [
      '/account/..%2F..%2F..%2Fadmin',
      '/account/..%252F..%252F..%252Fadmin',
      '/account/%2e%2e%2f%2e%2e%2fadmin',
      '/account/..%5C..%5C..%5Cadmin',
      '/account/..%255C..%255Cadmin',
      '/account/..;/..;/..;/admin',
      '/cus_obj__project/x?role=admin',
      '/cus_obj__project/x%3Frole=admin',
      '/cus_obj__project/x%253Frole=admin',
      '/account/x%23frag',
    ])
      expect(isUnderBase(base, p), p).toBe(false);
    // decoded dot segments that stay under the base path are what a proxy would send: still under it
    expect(isUnderBase(base, '/account/..%2Fcontact')).toBe(true);
    expect(isUnderBase(base, '/account/%00')).toBe(true);
  });
  it('encodes a server value as one segment', () => {
    expect(segment('a/b?c#d')).toBe('a%2Fb%3Fc%23d');
    expect(isUnderBase(base, `/contact/${segment('a/b')}`)).toBe(true);
    // encoded, it still climbs out once a proxy decodes it
    expect(isUnderBase(base, `/contact/${segment('../../admin')}`)).toBe(false);
    expect(() => segment('..')).toThrow(OutsideBaseUrl);
  });
});
