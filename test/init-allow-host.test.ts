import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixtures } from '../fixtures/fixtures-file.js';
import { FIXTURES_SCHEMA } from '../fixtures/fixtures-file.schema.js';
import { resolveConfig } from '../lib/config/resolve.js';
import { RunCannotStart } from '../lib/config/run-cannot-start.js';
import { startHostile, type Hostile } from './hostile/hostile-proxy.js';
import { runInProcess } from './support/in-process.js';

const LINK_CHECK = 'meeting.transcript.link-answers';

interface Report {
  checks: Array<{ id: string; status: string; message: string }>;
}

/**
 * A vendor serving transcripts from a CDN: the transcript's `url` is on another host than the base URL's.
 * `init --meeting-id` drafts that host as a suggestion (allowHostsToConfirm), which the run never follows;
 * moved to the fixtures file's `allowHosts`, the run follows the link as with --allow-host, without the key.
 */
describe('init drafts the host of a transcript link served from another host', () => {
  let hostile: Hostile;
  let cdn: http.Server;
  let cdnHost: string;
  const cdnSeen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  let dir: string;
  let key: string;
  let init: Awaited<ReturnType<typeof runInProcess>>;
  let draft: Fixtures;

  beforeAll(async () => {
    // the CDN: records every request, and serves the reference's transcript file
    cdn = http.createServer((req, res) => {
      cdnSeen.push({ url: req.url ?? '', headers: req.headers });
      const origin = new URL(hostile.reference.baseUrl);
      http
        .get({ host: origin.hostname, port: origin.port, path: req.url }, (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        })
        .on('error', () => res.destroy());
    });
    await new Promise<void>((r) => cdn.listen(0, '127.0.0.1', r));
    cdnHost = `127.0.0.1:${(cdn.address() as AddressInfo).port}`;
    hostile = await startHostile({
      after: (req, answer, res) => {
        if (!/\/meeting\/[^/]+\/transcript$/.test(req.url) || answer.status !== 200) return false;
        const body = JSON.parse(answer.body) as { data: { url: string } };
        const link = new URL(body.data.url);
        body.data.url = `http://${cdnHost}${link.pathname}${link.search}`;
        res.writeHead(200, answer.headers);
        res.end(JSON.stringify(body));
        return true;
      },
    });
    key = hostile.reference.keys.apiKey;
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-init-cdn-'));
    const meetingId = hostile.reference.fixtures.meetingId!;
    init = await runInProcess(
      ['init', '--base-url', hostile.baseUrl, '--api-key', key, '--meeting-id', meetingId, '--out', 'draft.json'],
      dir,
    );
    draft = JSON.parse(readFileSync(path.join(dir, 'draft.json'), 'utf8')) as Fixtures;
  }, 60_000);
  afterAll(async () => {
    await hostile.close();
    await new Promise((r) => cdn.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the host as a suggestion to confirm, never as allowed, and says so; the link is not fetched', () => {
    expect(init.code, init.stdout + init.stderr).toBe(0);
    expect(draft.meetingId).toBe(hostile.reference.fixtures.meetingId);
    expect(draft.allowHostsToConfirm).toEqual([cdnHost]);
    expect(draft.allowHosts).toBeUndefined();
    expect(init.stdout).toMatch(/To confirm/);
    expect(init.stdout).toContain(`allowHostsToConfirm = ["${cdnHost}"] ← GET /meeting/`);
    expect(init.stdout).toContain(
      `move "${cdnHost}" to "allowHosts" in draft.json (or run with --allow-host ${cdnHost})`,
    );
    expect(cdnSeen).toEqual([]);
    expect(hostile.seen.every((s) => s.method === 'GET')).toBe(true);
    expect(readFileSync(path.join(dir, 'draft.json'), 'utf8') + init.stdout).not.toContain(key);
  });

  it('the run leaves the suggested host alone (the check skips, naming both ways to allow it)', async () => {
    const report = await runLinkCheck(draft, 'suggested');
    const c = report.checks.find((x) => x.id === LINK_CHECK)!;
    expect(c.status).toBe('skipped');
    expect(c.message).toContain(`--allow-host "${cdnHost}" (or name it in the fixtures file's allowHosts)`);
    expect(cdnSeen).toEqual([]);
  }, 60_000);

  it('confirmed (moved to allowHosts), the run follows the link as with --allow-host, and never with the key', async () => {
    const { allowHostsToConfirm, ...rest } = draft;
    const report = await runLinkCheck({ ...rest, allowHosts: allowHostsToConfirm! }, 'confirmed');
    expect(report.checks.find((x) => x.id === LINK_CHECK)?.status).toBe('passed');
    expect(cdnSeen.length).toBeGreaterThan(0);
    for (const s of cdnSeen) {
      expect(s.headers['authorization']).toBeUndefined();
      expect(`${s.url} ${JSON.stringify(s.headers)}`).not.toContain(key);
    }
  }, 60_000);

  /** A run of the link check alone, with `fixtures` as its file; its report. */
  async function runLinkCheck(fixtures: Fixtures, name: string): Promise<Report> {
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify({ ...fixtures, meetingId: hostile.reference.fixtures.meetingId }));
    const out = path.join(dir, `report-${name}`);
    const r = await runInProcess(
      ['--fixtures', file, '--api-key', key, '--only', LINK_CHECK, '--report-dir', out],
      dir,
    );
    expect(r.stderr).toBe('');
    return JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as Report;
  }
});

describe("the fixtures file's allowHosts", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-allow-hosts-'));
  const withFile = (fixtures: object) => {
    writeFileSync(path.join(dir, 'f.json'), JSON.stringify(fixtures));
    return (flags: Record<string, string> = {}, env: Record<string, string> = {}) =>
      resolveConfig({ fixtures: 'f.json', ...flags }, env, FIXTURES_SCHEMA, dir);
  };

  it('is read as --allow-host is, below the flag and the environment; a suggestion is not', () => {
    const resolve = withFile({ allowHosts: ['files.example.com', 'cdn.example.com:8443'] });
    expect(resolve().allowHosts).toEqual(['files.example.com', 'cdn.example.com:8443']);
    expect(resolve({ allowHost: 'other.example.com' }).allowHosts).toEqual(['other.example.com']);
    expect(resolve({}, { CONFORMANCE_ALLOW_HOST: 'env.example.com' }).allowHosts).toEqual(['env.example.com']);
    expect(withFile({ allowHostsToConfirm: ['files.example.com'] })().allowHosts).toEqual([]);
  });

  it('is schema-checked: anything but a host name (with a port or not) cannot start a run', () => {
    for (const bad of [
      'https://files.example.com',
      'files.example.com/x',
      'Files.Example.com',
      'user@files.example.com',
    ])
      expect(() => withFile({ allowHosts: [bad] })(), bad).toThrow(RunCannotStart);
    expect(() => withFile({ allowHosts: 'files.example.com' })()).toThrow(/allowHosts/);
  });
});
