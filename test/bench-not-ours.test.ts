import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { latencyProxy, type ServerAnswer } from './bench/latency-proxy.js';
import { medianBy, writable } from './bench/not-ours.js';

// `npm run bench -- --not-ours DIR` (issue 40): a server not ours, copied from a folder that may be
// read-only and put behind a proxy at a deployed server's latency. Nothing here times anything.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A server on 127.0.0.1 whose answers name its own origin, as a server's links do. */
async function linkingServer(): Promise<string> {
  const server = createServer((req, res) => {
    const own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const body = JSON.stringify({ data: { url: `${own}/files/1?sig=x`, path: req.url, name: 'Zoë' } });
    res.writeHead(201, { 'content-type': 'application/json', location: `${own}/api/thing/1` }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
}

describe('the latency proxy', () => {
  it("answers with the server's answer, its links naming the proxy's origin as a deployed server's name its host", async () => {
    const target = await linkingServer();
    const answers: ServerAnswer[] = [];
    const proxy = await latencyProxy(target, 5, (a) => answers.push(a));
    closers.push(proxy.close);
    expect(proxy.baseUrl).not.toBe(target);
    const answer = await fetch(`${proxy.baseUrl}/thing`, { method: 'POST', body: '{}' });
    const text = await answer.text();
    const proxyOrigin = new URL(proxy.baseUrl).origin;
    expect(answer.status).toBe(201);
    expect(JSON.parse(text)).toEqual({
      data: { url: `${proxyOrigin}/files/1?sig=x`, path: '/api/thing', name: 'Zoë' },
    });
    expect(answer.headers.get('location')).toBe(`${proxyOrigin}/api/thing/1`);
    expect(Number(answer.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(text).not.toContain(new URL(target).origin);
    // the server's own answer, before the latency (test/bench/not-ours-run.ts writes the server's time of each)
    expect(answers).toEqual([expect.objectContaining({ method: 'POST', path: '/api/thing', status: 201 })]);
    expect(answers[0]!.answeredMs).toBeGreaterThanOrEqual(answers[0]!.receivedMs);
  });
});

describe('a copy of a server folder', () => {
  it('is made writable, files and folders, so its install can add node_modules', () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'not-ours-test-'));
    try {
      const dir = path.join(tmp, 'srv');
      mkdirSync(path.join(dir, 'lib'), { recursive: true });
      writeFileSync(path.join(dir, 'lib', 'a.mjs'), 'export {};');
      chmodSync(path.join(dir, 'lib', 'a.mjs'), 0o444);
      chmodSync(path.join(dir, 'lib'), 0o555);
      chmodSync(dir, 0o555);
      writable(dir);
      // the modes, not a write: root (as CI often runs) writes whatever the modes say
      for (const p of [dir, path.join(dir, 'lib'), path.join(dir, 'lib', 'a.mjs')])
        expect(statSync(p).mode & 0o200, p).toBe(0o200);
      expect(statSync(path.join(dir, 'lib', 'a.mjs')).mode & 0o777).toBe(0o644);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('a row of several runs', () => {
  it('shows the median run by its wall/limit, whatever order the runs came in', () => {
    const runs = [{ ratio: 1.45 }, { ratio: 1.36 }, { ratio: 1.38 }];
    expect(medianBy(runs, (r) => r.ratio)).toBe(runs[2]);
    // of an even count, the lower middle one; of one, that one; of none, none
    expect(medianBy([{ ratio: 2 }, { ratio: 1 }], (r) => r.ratio)).toEqual({ ratio: 1 });
    expect(medianBy([runs[0]!], (r) => r.ratio)).toBe(runs[0]);
    expect(medianBy([], (r: { ratio: number }) => r.ratio)).toBeUndefined();
  });
});
