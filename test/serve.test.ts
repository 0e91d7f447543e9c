import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runCli } from './support/cli.js';

/** `npx conformance serve` in its own process, as a client developer would start it. */
function startServe(): Promise<{ child: ChildProcess; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start:\n${output}`));
    }, 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('Ctrl-C stops it.')) {
        clearTimeout(timer);
        resolve({ child, output });
      }
    });
    child.on('error', reject);
  });
}

describe('npx conformance serve, then a run against it with flags', () => {
  let child: ChildProcess;
  let output: string;
  beforeAll(async () => {
    ({ child, output } = await startServe());
  });
  afterAll(async () => {
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return; // never started, or gone
    const closed = new Promise((r) => child.once('close', r));
    child.kill('SIGTERM');
    await closed;
  });

  it('prints its base URL, its keys and fixtures JSON that the suite accepts', async () => {
    const baseUrl = /base URL:\s+(\S+)/.exec(output)?.[1];
    const apiKey = /api key \(org A\):\s+(\S+)/.exec(output)?.[1];
    const other = /other org key:\s+(\S+)/.exec(output)?.[1];
    const readOnly = /read-only key:\s+(\S+)/.exec(output)?.[1];
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2\/public$/);
    const json = output.slice(output.indexOf('{'), output.lastIndexOf('}') + 1);
    const fixtures = JSON.parse(json) as { baseUrl: string; apiKey: string };
    expect(fixtures.baseUrl).toBe(baseUrl);
    expect(fixtures.apiKey).toBe(apiKey);

    // keys by flags, workspace names from the printed fixtures with the keys stripped out
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-serve-'));
    const { apiKey: _a, baseUrl: _b, ...withoutSecrets } = fixtures as Record<string, unknown>;
    delete withoutSecrets['otherOrgApiKey'];
    delete withoutSecrets['readOnlyApiKey'];
    writeFileSync(path.join(dir, 'fixtures.json'), JSON.stringify(withoutSecrets));
    const r = await runCli(
      [
        '--base-url',
        baseUrl!,
        '--api-key',
        apiKey!,
        '--other-org-api-key',
        other!,
        '--read-only-api-key',
        readOnly!,
        '--fixtures',
        'fixtures.json',
        '--report-dir',
        'report',
      ],
      { cwd: dir },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^\d+ passed, 0 failed, 0 skipped$/m);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(apiKey!);
  });
});
