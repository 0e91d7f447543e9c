import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { runMeasured } from './run.js';

// Each mistake: exit 2, one line naming the flag, no stack trace, no request sent.

describe('configuration checked before the first request', () => {
  let hostile: Hostile;
  beforeAll(async () => {
    hostile = await startHostile({});
  });
  afterAll(async () => {
    await hostile.close();
  });

  const key = () => hostile.reference.keys.apiKey;
  const cases: Array<[string, () => string[], RegExp]> = [
    [
      'userinfo',
      () => ['--base-url', hostile.baseUrl.replace('http://', 'http://user:hunter2secret@'), '--api-key', key()],
      /--base-url must not carry a user or password/,
    ],
    [
      'a query',
      () => ['--base-url', `${hostile.baseUrl}?tenant=1`, '--api-key', key()],
      /--base-url must not have a query/,
    ],
    [
      'a fragment',
      () => ['--base-url', `${hostile.baseUrl}#frag`, '--api-key', key()],
      /--base-url must not have a fragment/,
    ],
    [
      'another scheme',
      () => ['--base-url', hostile.baseUrl.replace('http://', 'ftp://'), '--api-key', key()],
      /--base-url must be http or https/,
    ],
    [
      'a key a header cannot carry',
      () => ['--base-url', hostile.baseUrl, '--api-key', 'pra_x\r\nX-Injected: 1'],
      /--api-key holds characters an HTTP header cannot carry/,
    ],
    [
      '--har naming a folder',
      () => ['--base-url', hostile.baseUrl, '--api-key', key(), '--har', hostile.dir],
      /--har .* is a folder/,
    ],
    [
      '--report-dir that is a file',
      () => ['--base-url', hostile.baseUrl, '--api-key', key(), '--report-dir', path.join(hostile.dir, 'a-file')],
      /--report-dir .* cannot be written/,
    ],
  ];

  for (const [what, args, message] of cases) {
    it(what, async () => {
      writeFileSync(path.join(hostile.dir, 'a-file'), '');
      const before = hostile.seen.length;
      const given = args();
      const r = await runMeasured(
        given.includes('--report-dir') ? given : [...given, '--report-dir', path.join(hostile.dir, 'r')],
        { cwd: hostile.dir, timeoutMs: 30_000 },
      );
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
      expect(r.stderr + r.stdout).not.toMatch(/hunter2secret/);
      expect(hostile.seen.length).toBe(before);
    });
  }

  it('a ledger that cannot be written stops the run before its first request', async () => {
    const dir = path.join(hostile.dir, 'ledger-blocked');
    mkdirSync(path.join(dir, 'ledger.jsonl'), { recursive: true }); // a folder where the ledger file goes
    const before = hostile.seen.length;
    const r = await runMeasured(['--base-url', hostile.baseUrl, '--api-key', key(), '--report-dir', dir], {
      cwd: hostile.dir,
      timeoutMs: 30_000,
    });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/the cleanup ledger .* cannot be written/);
    expect(hostile.seen.length).toBe(before);
  });
});
