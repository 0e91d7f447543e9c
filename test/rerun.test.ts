import { checkKey } from '../lib/catalogue/check-key.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import { BIN, cleanEnv } from './support/cli.js';
import { runCliInProcess } from './support/in-process.js';

interface Report {
  checks: Array<{ id: string; title: string; status: string; rerun?: string; message: string }>;
}

/**
 * A rerun command that reruns: pasted into a shell where the key variables are set, a failed check's
 * `rerun` reaches the same server, fails the same way, and writes a report folder of its own.
 */
describe('the rerun command of a failed check', () => {
  let ref: RunningReference;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    ref = await startReferenceServer({ faults: ['contact-create-200'] });
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-rerun-'));
    const { apiKey: _a, otherOrgApiKey: _o, readOnlyApiKey: _r, baseUrl: _b, ...fixtures } = ref.fixtures;
    writeFileSync(path.join(dir, 'fixtures.json'), JSON.stringify(fixtures));
    env = {
      CONFORMANCE_API_KEY: ref.keys.apiKey,
      CONFORMANCE_OTHER_ORG_API_KEY: ref.keys.otherOrgApiKey!,
      CONFORMANCE_READ_ONLY_API_KEY: ref.keys.readOnlyApiKey!,
    };
  });
  afterAll(async () => {
    await ref.close();
  });

  it("reaches the same server, reproduces the failure, and leaves the first run's report untouched", async () => {
    const first = await runCliInProcess(
      ['--base-url', ref.baseUrl, '--fixtures', 'fixtures.json', '--only', 'contacts', '--report-dir', 'report'],
      { cwd: dir, env },
    );
    expect(first.code).toBe(1);
    const reportFile = path.join(dir, 'report', 'conformance.json');
    const before = readFileSync(reportFile, 'utf8');
    const failed = (JSON.parse(before) as Report).checks.find(
      (c) => c.status === 'failed' && c.id === 'contact.create.status-201',
    );
    const rerun = failed?.rerun ?? '';
    expect(rerun).toContain(`--base-url ${ref.baseUrl}`);
    expect(rerun).toContain('"$CONFORMANCE_API_KEY"');
    expect(rerun).not.toContain(ref.keys.apiKey);
    // `npx conformance` is this checkout's bin: run it as the shell would, words and variables included
    const command = rerun.replace(/^npx conformance/, `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)}`);
    // asynchronous: the server runs in this process and must keep answering
    const r = await promisify(execFile)('bash', ['-c', command], {
      cwd: dir,
      env: cleanEnv(env),
      timeout: 120_000,
    }).then(
      (o) => ({ ...o, status: 0 }),
      (err: unknown) => {
        const e = err as { code?: number; stdout: string; stderr: string };
        return { stdout: e.stdout, stderr: e.stderr, status: e.code };
      },
    );
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toContain('contact.create.status-201');
    // exactly that check: its key (rule@hash of its title) selects it and nothing else
    const key = checkKey('contact.create.status-201', failed!.title);
    expect(rerun).toContain(`--only ${key} `);
    const again = JSON.parse(
      readFileSync(path.join(dir, 'report', `rerun-${key.replace('@', '_')}`, 'conformance.json'), 'utf8'),
    ) as Report;
    expect(again.checks.map((c) => `${c.id}: ${c.title}`)).toEqual([`contact.create.status-201: ${failed!.title}`]);
    expect(again.checks[0]!.status).toBe('failed');
    expect(readFileSync(reportFile, 'utf8')).toBe(before);
  });
});

/**
 * A finding the run's observer showed to a run-last check (the error body of every answer at an
 * operation) is reproduced by its rerun: the command names, beside the judging check, the check whose
 * request got the answer, so the answer comes again. Alone, the error-body check could provoke only a 401.
 */
describe('the rerun command of a finding judged on the answers of another check', () => {
  it('runs the check that got the 413 beside the one that judged its body, and fails again under the same rule', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-rerun-observed-'));
    const fault = ['--fault', 'payload-too-large-limiter-body'];
    const first = await runCliInProcess(
      [...fault, '--only', 'error.body,error.code.payload-too-large', '--report-dir', 'r'],
      {
        cwd: dir,
      },
    );
    expect(first.code, first.stdout + first.stderr).toBe(1);
    const report = JSON.parse(readFileSync(path.join(dir, 'r', 'conformance.json'), 'utf8')) as Report;
    const title = 'every error answer the run read at POST /contact carries the error body';
    const failed = report.checks.find((c) => c.status === 'failed' && c.id === 'error.body' && c.title === title);
    const rerun = failed?.rerun ?? '';
    const keys = /--only (\S+)/.exec(rerun)?.[1]?.split(',') ?? [];
    expect(keys[0]).toBe(checkKey('error.body', title));
    expect(keys.slice(1).map((k) => k.split('@')[0])).toEqual(['error.code.payload-too-large']);
    const command = rerun.replace(/^npx conformance/, `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)}`);
    const r = await promisify(execFile)('bash', ['-c', command], { cwd: dir, env: cleanEnv(), timeout: 120_000 }).then(
      (o) => ({ ...o, status: 0 }),
      (err: unknown) => {
        const e = err as { code?: number; stdout: string; stderr: string };
        return { stdout: e.stdout, stderr: e.stderr, status: e.code };
      },
    );
    expect(r.status, r.stdout + r.stderr).toBe(1);
    const again = JSON.parse(
      readFileSync(path.join(dir, 'r', `rerun-${keys[0]!.replace('@', '_')}`, 'conformance.json'), 'utf8'),
    ) as Report;
    const judged = again.checks.find((c) => c.id === 'error.body' && c.title === title);
    expect(judged?.status).toBe('failed');
    expect(judged?.message).toBe(failed!.message);
  });
});

/**
 * A finding shown only by the probe's or the fixtures check's answer has no check to add to its rerun:
 * every run makes both before its checks, a rerun too, so that answer comes again. The fault leaves
 * message out of every error body; the error-body check of one operation, run alone, judges the answers
 * there and no other: the probe's read of a contact that exists nowhere (404, one per key); against the
 * routes the spec states only, the fixtures check's PATCH of { attributes: {} } to the task, which the
 * spec says is refused (422), as no task read is stated to tell whether the task exists.
 */
describe('the rerun of a finding shown only by the answer of a part every run makes', () => {
  it.each([
    { part: 'probe', server: [] as string[], endpoint: 'GET /contact/{contact_id}' },
    { part: 'fixtures check', server: ['--stated-routes-only'], endpoint: 'PATCH /task/{task_id}' },
  ])('$part: runs the judging check alone, says which answer showed it, and fails again the same way', async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-rerun-part-'));
    const title = `every error answer the run read at ${t.endpoint} carries the error body`;
    const key = checkKey('error.body', title);
    const server = [...t.server, '--fault', 'error-message-missing'];
    const first = await runCliInProcess([...server, '--only', key, '--report-dir', 'r'], { cwd: dir });
    expect(first.code, first.stdout + first.stderr).toBe(1);
    type Judged = Report['checks'][number] & { violations?: Array<{ shownBy?: unknown }>; requests?: number };
    const judged = (dir2: string): Judged | undefined =>
      (JSON.parse(readFileSync(path.join(dir, dir2, 'conformance.json'), 'utf8')) as { checks: Judged[] }).checks.find(
        (c) => c.id === 'error.body' && c.title === title && c.status === 'failed',
      );
    const failed = judged('r');
    expect(failed?.violations?.[0]?.shownBy).toEqual([{ part: t.part }]);
    // no request of its own: the answer it judged was the part's
    expect(failed?.requests).toBe(0);
    // the message says which answer showed it, on the console too
    const note = `got message is missing (shown by the ${t.part}'s answer)`;
    expect(failed?.message.endsWith(note)).toBe(true);
    expect(first.stdout).toContain(note);
    const rerun = failed?.rerun ?? '';
    expect(rerun).toMatch(
      new RegExp(`^npx conformance ${server.join(' ')} --only ${key} --seed \\d+ --report-dir \\S+$`),
    );
    // words without quotes: the command line as the shell would split it
    const again = await runCliInProcess(rerun.replace(/^npx conformance /, '').split(' '), { cwd: dir });
    expect(again.code, again.stdout + again.stderr).toBe(1);
    const rerunDir = /--report-dir (\S+)$/.exec(rerun)![1]!;
    const reproduced = judged(rerunDir);
    expect(reproduced?.message).toBe(failed!.message);
    expect(reproduced?.violations?.[0]?.shownBy).toEqual([{ part: t.part }]);
  });
});

describe('the rerun command of a failure against the embedded server with a legal variation', () => {
  it('makes the same choices: each --variation, beside each --fault', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-rerun-variation-'));
    const server = ['--fault', 'contact-create-200', '--variation', 'delete-204', '--variation', 'created-status-200'];
    const first = await runCliInProcess([...server, '--only', 'contact.create.status-201', '--report-dir', 'r'], {
      cwd: dir,
    });
    expect(first.code, first.stdout + first.stderr).toBe(1);
    const failed = (JSON.parse(readFileSync(path.join(dir, 'r', 'conformance.json'), 'utf8')) as Report).checks.find(
      (c) => c.status === 'failed',
    );
    expect(failed?.rerun).toMatch(
      /^npx conformance --fault contact-create-200 --variation delete-204 --variation created-status-200 --only /,
    );
  });
});
