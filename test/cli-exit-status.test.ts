import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import { runCli } from './support/cli.js';

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

const tmp = () => mkdtempSync(path.join(tmpdir(), 'conformance-cli-'));

describe('exit 2: the run could not be made, said in one line', () => {
  let ref: RunningReference;
  beforeAll(async () => {
    ref = await startReferenceServer();
  });
  afterAll(async () => {
    await ref.close();
  });

  it('an unreachable base URL', async () => {
    const port = await closedPort();
    const r = await runCli([
      '--base-url',
      `http://127.0.0.1:${port}/api/v2/public`,
      '--api-key',
      'k',
      '--report-dir',
      tmp(),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot reach the server at http:\/\/127\.0\.0\.1:\d+\/api\/v2\/public: .*ECONNREFUSED/);
  });

  it('a key the server rejects, without printing the key', async () => {
    const r = await runCli([
      '--base-url',
      ref.baseUrl,
      '--api-key',
      'pra_live_not_a_real_key_123',
      '--report-dir',
      tmp(),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/rejected the apiKey \(HTTP 401.*Check --api-key/);
    expect(r.stderr + r.stdout).not.toContain('pra_live_not_a_real_key_123');
  });

  it('a rejected second key is named as that key', async () => {
    const r = await runCli([
      '--base-url',
      ref.baseUrl,
      '--api-key',
      ref.keys.apiKey,
      '--other-org-api-key',
      'pra_wrong_other',
      '--report-dir',
      tmp(),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/rejected the otherOrgApiKey.*--other-org-api-key/);
  });

  it('an invalid fixtures file, naming every problem', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'fixtures.json'), JSON.stringify({ taskIds: ['x'], meetingId: 7 }));
    const r = await runCli(['--fixtures', 'fixtures.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid fixtures file fixtures\.json: .*\/taskIds\/0.*\/meetingId/);
  });

  it('a base URL without an API key', async () => {
    const r = await runCli(['--base-url', ref.baseUrl, '--report-dir', tmp()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no API key: pass --api-key or set CONFORMANCE_API_KEY/);
  });

  it('a stray argument (a key after a flag that takes none) is refused without being printed', async () => {
    for (const args of [
      ['--read-only', 'pra_stray_secret_key_0123'],
      ['cleanup', '--ledger', 'ledger.jsonl', 'pra_stray_secret_key_0123'],
    ]) {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/(--read-only takes no value .*|--ledger |an argument )belongs to no flag \(not shown/);
      expect(r.stdout + r.stderr).not.toContain('pra_stray_secret_key_0123');
    }
  });

  it('a flag that takes no value takes =true or =false; an argument error names the flag', async () => {
    const r = await runCli(['--strict', 'true', '--report-dir', tmp()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--strict takes no value \(write --strict, or --strict=true \/ --strict=false\)/);
    const odd = await runCli(['--read-only=pra_stray_secret_key_0123']);
    expect(odd.code).toBe(2);
    expect(odd.stderr).toMatch(/--read-only takes no value, or =true \/ =false/);
    expect(odd.stdout + odd.stderr).not.toContain('pra_stray_secret_key_0123');
    const listed = await runCli(['--strict=true', '--read-only=false', '--list', '--only', 'contact.patch.partial']);
    expect(listed.code, listed.stderr).toBe(0);
  });

  it('a selection that leaves no check, before a check runs: nothing written but the ledger the run opened', async () => {
    const dir = tmp();
    const r = await runCli(['--only', 'contacts', '--skip', 'contacts', '--report-dir', dir, '--har', 'run.har'], {
      cwd: dir,
    });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('conformance: the selection (--only / --skip / --level) leaves no check to run');
    expect(existsSync(path.join(dir, 'conformance.json'))).toBe(false);
    expect(existsSync(path.join(dir, 'run.har'))).toBe(false);
  });

  it('an unknown flag', async () => {
    const r = await runCli(['--base-ur', 'http://127.0.0.1:1/api/v2/public']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Unknown option '--base-ur'.*--help/);
  });
});
