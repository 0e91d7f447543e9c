import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import { runInProcess } from './support/in-process.js';

/**
 * The fixtures check's reads go out beside the probe's (lib/cli/run/preflight.ts), but nothing is
 * written before the probe has taken every key, and a probe that fails is the run's one cause.
 */
describe('the probe and the fixtures check, side by side', () => {
  let ref: RunningReference;
  let dir: string;
  beforeAll(async () => {
    ref = await startReferenceServer();
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-preflight-'));
  });
  afterAll(async () => {
    await ref.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A run with the reference's complete fixtures and these keys; every request the server received. */
  const runWith = async (name: string, keys: Partial<RunningReference['keys']>) => {
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify({ ...ref.fixtures, baseUrl: ref.baseUrl, ...ref.keys, ...keys }));
    const received: string[] = [];
    const seen = (m: unknown): void => {
      const req = (m as { request: IncomingMessage }).request;
      received.push(`${req.method} ${req.url}`);
    };
    subscribe('http.server.request.start', seen);
    try {
      const r = await runInProcess(
        ['--fixtures', file, '--report-dir', path.join(dir, name), '--only', 'discovery'],
        dir,
      );
      return { ...r, received };
    } finally {
      unsubscribe('http.server.request.start', seen);
    }
  };

  it('a key the server rejects: exit 2 naming that key, and nothing was written, though the fixtures were read', async () => {
    const r = await runWith('rejected', { otherOrgApiKey: 'pra_wrong_other' });
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/rejected the otherOrgApiKey.*--other-org-api-key/),
    ]);
    // the fixtures check's reads went beside the probe's…
    expect(r.received.filter((l) => l.includes('/_schema/')).length).toBeGreaterThan(0);
    // …its upsert waited for the probe, and was never sent
    expect(r.received.filter((l) => !l.startsWith('GET '))).toEqual([]);
  });

  it('keys the server takes: the fixtures check writes (its upsert), and archives what it made', async () => {
    const r = await runWith('taken', {});
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const upsert = r.received.findIndex((l) => /^POST .*\/_upsert$/.test(l));
    const archive = r.received.findIndex((l) => l.startsWith('DELETE '));
    expect(upsert).toBeGreaterThan(-1);
    expect(archive).toBeGreaterThan(upsert);
  });
});
