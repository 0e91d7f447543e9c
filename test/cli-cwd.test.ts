import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import type { CoverageMap } from '../lib/coverage/coverage-map.js';
import type { CliResult } from './support/cli.js';
import { runCliInProcess } from './support/in-process.js';

// Every command resolves its relative paths (and reads .env) against the caller's folder, the `cwd` a
// caller hands main(): in process, as a test runs it, the same as in a process of its own started there.
// Each command here runs in a folder that is not process.cwd(), with relative paths only, the server and
// key named by that folder's .env alone: read against process.cwd(), each would find nothing (exit 2).

const RULE = 'discovery.schema-summary';

describe("every command works in the caller's folder, not the process's", () => {
  let ref: RunningReference;
  let dir: string;
  let run: CliResult;
  const at = (...p: string[]) => path.join(dir, ...p);
  const inDir = (args: string[]) => runCliInProcess(args, { cwd: dir });
  const here = () => new Set(readdirSync(process.cwd()));
  let before: Set<string>;

  beforeAll(async () => {
    ref = await startReferenceServer();
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-cwd-'));
    expect(path.resolve(dir)).not.toBe(path.resolve(process.cwd()));
    before = here();
    const { apiKey, otherOrgApiKey, readOnlyApiKey, baseUrl, ...fixtures } = ref.fixtures;
    writeFileSync(at('fixtures.json'), JSON.stringify(fixtures));
    // the server and the keys only here: the environment runCliInProcess gives holds no CONFORMANCE_* setting
    writeFileSync(
      at('.env'),
      [
        `CONFORMANCE_BASE_URL=${baseUrl}`,
        `CONFORMANCE_API_KEY=${apiKey}`,
        `CONFORMANCE_OTHER_ORG_API_KEY=${otherOrgApiKey}`,
        `CONFORMANCE_READ_ONLY_API_KEY=${readOnlyApiKey}`,
      ].join('\n') + '\n',
    );
    // a shard of one, so that merge takes its folder
    run = await inDir(['--fixtures', 'fixtures.json', '--only', RULE, '--shard', '1/1', '--report-dir', 'r']);
  }, 120_000);
  afterAll(async () => {
    await ref.close();
  });

  it('a run reads .env and --fixtures there and writes --report-dir there', () => {
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(existsSync(at('r', 'conformance.json'))).toBe(true);
    expect(existsSync(at('r', 'certificate.json'))).toBe(true);
  });

  it('diff reads both report folders there and writes --out there', async () => {
    const r = await inDir(['diff', 'r', 'r/conformance.json', '--out', 'd/diff.md']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('· d/diff.md');
    // the run's id is in both reports' line: the two read are the run made there
    const id = (JSON.parse(readFileSync(at('r', 'conformance.json'), 'utf8')) as { run: { runId: string } }).run.runId;
    expect(readFileSync(at('d', 'diff.md'), 'utf8')).toContain(`after: run \`${id}\``);
  });

  it('merge reads the shard folders there and writes --report-dir and the ledger there', async () => {
    const r = await inDir(['merge', 'r', '--report-dir', 'm']);
    expect(r.code, r.stdout + r.stderr).toBe(run.code);
    expect(r.stdout).toContain('report: m');
    const merged = JSON.parse(readFileSync(at('m', 'conformance.json'), 'utf8')) as { checks: Array<{ id: string }> };
    expect(merged.checks.map((c) => c.id)).toEqual([RULE]);
    expect(readFileSync(at('m', 'ledger.jsonl'), 'utf8')).toBe(readFileSync(at('r', 'ledger.jsonl'), 'utf8'));
  });

  it('coverage reads --report-dir there', async () => {
    const r = await inDir(['coverage', '--json', '--report-dir', 'r']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const map = JSON.parse(r.stdout) as CoverageMap;
    expect(map.rules[RULE]?.outcome).toBe('passed');
  });

  it('verify-certificate reads the certificate there, and names it as given', async () => {
    const r = await inDir(['verify-certificate', 'r/certificate.json', '--require', 'conforms']);
    expect(r.stdout.split('\n')[0]).toMatch(/^certificate genuine: /);
    // genuine, but the run of one rule is incomplete: --require conforms is not met (exit 1, not 2)
    expect(r.code, r.stdout + r.stderr).toBe(1);
    const broken = await inDir(['verify-certificate', 'fixtures.json']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('verify-certificate: fixtures.json: not a certificate of this suite');
  });

  it('matrix reads the folders there and writes --out there', async () => {
    const r = await inDir(['matrix', 'r', '--out', 'x/matrix.html']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(existsSync(at('x', 'matrix.html'))).toBe(true);
    expect(existsSync(at('x', 'matrix.json'))).toBe(true);
  });

  it('cleanup reads --ledger and .env there, sends its DELETE to the server .env names, and marks it there', async () => {
    // the run archived the samples' upsert at once; without its archive line, that record is pending again
    const created = readFileSync(at('r', 'ledger.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l !== '' && !l.includes('"archived"'));
    expect(created.length).toBeGreaterThan(0);
    writeFileSync(at('pending.jsonl'), created.join('\n') + '\n');
    const r = await inDir(['cleanup', '--ledger', 'pending.jsonl']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('ledger pending.jsonl: ');
    // sent: the record is archived already, so the server answers that it is gone (or archives it again)
    expect(r.stdout).toMatch(/(already gone|archived): /);
    expect(readFileSync(at('pending.jsonl'), 'utf8')).toContain('"by":"cleanup"');
  });

  it('left nothing in the process’s own folder', () => {
    expect([...here()].filter((f) => !before.has(f))).toEqual([]);
  });
});
