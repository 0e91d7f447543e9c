import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReference } from '../reference/index.js';
import {
  isArchived,
  isCreated,
  leftovers,
  pendingArchives,
  readLedger,
  type CreatedEntry,
  type LedgerLine,
} from '../lib/safety/ledger.js';
import { createdBy as createdWith } from '../lib/safety/created.js';
import { BIN, cleanEnv } from './support/cli.js';
import { runCliInProcess } from './support/in-process.js';
import { referenceWithFixtures } from './support/loopback.js';
import { sharedRun } from './support/shared-run.js';
import { STATED_OPERATIONS } from '../suites/spec/api-operations.js';

/** createdBy of the spec's operations. */
const createdBy = (...a: [string, string, Parameters<typeof createdWith>[2], string | undefined]) =>
  createdWith(...a, STATED_OPERATIONS);

describe('every created record is in the ledger, tagged, and archived when its check ends', () => {
  let lines: LedgerLine[];
  let report: { run: { runId: string }; leftovers: unknown[] };
  beforeAll(async () => {
    // the whole suite on the embedded reference (the default run every file shares): every create path
    // of every suite is exercised
    const r = await sharedRun([]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    lines = readLedger(path.join(r.dir, 'ledger.jsonl'));
    report = r.report<typeof report>();
  }, 300_000);

  it('records each create of the run, with the run id and the key that made it', () => {
    const created = lines.filter(isCreated);
    expect(created.length).toBeGreaterThan(100);
    for (const e of created) {
      expect(e.runId).toBe(report.run.runId);
      expect(['apiKey', 'otherOrgApiKey']).toContain(e.auth);
      expect(Date.parse(e.createdAt)).not.toBeNaN();
    }
    const types = new Set(created.map((e) => e.type));
    for (const t of ['contact', 'account', 'opportunity', 'edge']) expect(types).toContain(t);
    expect([...types].some((t) => t.startsWith('cus_obj__'))).toBe(true);
    expect(types).not.toContain('unknown');
    expect(created.some((e) => e.auth === 'otherOrgApiKey')).toBe(true);
  });

  it('every create request carried the run id (edges carry no attributes)', () => {
    const untagged = lines.filter(isCreated).filter((e) => e.type !== 'edge' && e.tagged !== true);
    expect(untagged.map((e) => `${e.rule} ${e.type}`)).toEqual([]);
  });

  it('archives every account, custom-object record and opportunity-contact edge before the check ends', () => {
    expect(pendingArchives(lines)).toEqual([]);
    const archivable = lines.filter(isCreated).filter((e) => e.path !== null);
    expect(archivable.some((e) => e.type === 'account')).toBe(true);
    expect(archivable.some((e) => e.type === 'edge' && e.path!.startsWith('/opportunity/'))).toBe(true);
    const archived = new Set(lines.filter(isArchived).map((a) => a.archived));
    for (const e of archivable) expect(archived.has(e.path!), `${e.type} ${e.id} (${e.rule})`).toBe(true);
    expect(lines.filter(isCreated).filter((e) => e.note !== undefined)).toEqual([]);
  });

  it("lists what cannot be archived as the report's leftovers", () => {
    const expected = leftovers(lines, STATED_OPERATIONS);
    expect(report.leftovers).toEqual(expected);
    const types = new Set(expected.map((l) => l.type));
    expect([...types].sort()).toEqual(['contact', 'edge', 'opportunity']);
    for (const l of expected) expect(l.reason).toMatch(/the spec states no/);
  });
});

describe('what a POST creates', () => {
  const res = (json: unknown, status = 200) => ({ status, headers: {}, text: JSON.stringify(json), json });
  const [A1, C1, R1, O1] = ['aaaaaaaa', 'cccccccc', 'eeeeeeee', 'dddddddd'].map(
    (p) => `${p}-0000-4000-8000-000000000001`,
  );
  it('classifies the stated creates and their archive paths', () => {
    expect(createdBy('POST', '/account', res({ data: { id: A1, record_type: 'account' } }), '{}')).toEqual({
      id: A1,
      type: 'account',
      path: `/account/${A1}`,
    });
    expect(createdBy('POST', '/contact', res({ data: { id: C1 } }, 201), '{}')).toEqual({
      id: C1,
      type: 'contact',
      path: null,
    });
    expect(createdBy('POST', '/cus_obj__x/_upsert', res({ data: { id: R1 } }), '{}')).toMatchObject({
      type: 'cus_obj__x',
      path: `/cus_obj__x/${R1}`,
      upsert: true,
    });
    expect(
      createdBy(
        'POST',
        `/opportunity/${O1}/relationship/contacts`,
        res({ item: { related_record_id: C1 } }),
        `{"related_record_id":"${C1}"}`,
      ),
    ).toMatchObject({ type: 'edge', path: `/opportunity/${O1}/relationship/contacts/${C1}` });
    expect(
      createdBy('POST', `/contact/${C1}/relationship/accounts`, res({ item: {} }), `{"related_record_id":"${A1}"}`),
    ).toMatchObject({ type: 'edge', path: null, id: `contact/${C1}/relationship/accounts/${A1}` });
    expect(createdBy('POST', '/account', res({ code: 'x' }, 422), '{}')).toBeUndefined();
    expect(createdBy('PATCH', '/account', res({ data: { id: A1 } }), '{}')).toBeUndefined();
    // an id that is not a uuid never becomes an archive path (spec: path parameters named *_id are uuids)
    expect(
      createdBy('POST', '/account', res({ data: { id: '../../admin', record_type: 'account' } }), '{}'),
    ).toMatchObject({ path: null, note: expect.stringMatching(/not a uuid/) as unknown });
  });
});

describe('npx conformance cleanup --ledger', () => {
  let reference: RunningReference;
  let dir: string;
  let fixtures: string;
  beforeAll(async () => {
    let writeFixtures: (baseUrl: string) => string;
    ({ reference, dir, writeFixtures } = await referenceWithFixtures({ latencyMs: 5 }));
    fixtures = writeFixtures(reference.baseUrl);
  });
  afterAll(async () => {
    await reference.close();
  });

  async function archivedAt(id: string): Promise<unknown> {
    const res = await fetch(`${reference.baseUrl}/account/${id}`, {
      headers: { authorization: `Bearer ${reference.keys.apiKey}` },
    });
    const body = (await res.json()) as { data?: { attributes?: { archived_at?: { value?: unknown } } } };
    return body.data?.attributes?.archived_at?.value;
  }

  it('archives what a killed run left behind, and a second cleanup has nothing to do', async () => {
    const ledger = path.join(dir, 'killed', 'ledger.jsonl');
    // its own process group, so the kill takes the vitest worker too (an orphaned worker would go on
    // archiving behind the test's back)
    const child = spawn(
      process.execPath,
      [BIN, '--fixtures', fixtures, '--only', 'accounts,custom-objects,isolation,records', '--report-dir', 'killed'],
      { cwd: dir, env: cleanEnv(), stdio: 'ignore', detached: true },
    );
    const closed = new Promise((r) => child.once('close', r));
    let pending: CreatedEntry[] = [];
    const started = Date.now();
    while (Date.now() - started < 60_000) {
      pending = existsSync(ledger) ? pendingArchives(readLedger(ledger)) : [];
      if (pending.length >= 3) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    process.kill(-child.pid!, 'SIGKILL');
    await closed;
    expect(pending.length).toBeGreaterThanOrEqual(3);
    const left = pendingArchives(readLedger(ledger)); // some may have been archived between the look and the kill
    expect(left.length).toBeGreaterThanOrEqual(1);
    const accounts = left.filter((e) => e.type === 'account' && e.auth === 'apiKey');

    // in process, in the run's folder: cleanup reads the ledger against the caller's folder (test/cli-cwd.test.ts)
    const r = await runCliInProcess(['cleanup', '--ledger', 'killed/ledger.jsonl', '--fixtures', fixtures], {
      cwd: dir,
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    // a DELETE the server answered just before the kill, whose ledger line was never written, is
    // found "already gone" (or archived again, where a repeated DELETE succeeds): both are done
    const counts = /cleanup: (\d+) archived, (\d+) already gone, 0 not archived/.exec(r.stdout);
    expect(counts, r.stdout).not.toBeNull();
    expect(Number(counts![1]) + Number(counts![2])).toBe(left.length);
    for (const e of left) expect(r.stdout).toMatch(new RegExp(`(archived|already gone): ${e.type} ${e.id} `));
    for (const e of accounts) expect(await archivedAt(e.id)).toEqual(expect.any(String));
    expect(pendingArchives(readLedger(ledger))).toEqual([]);
    expect(r.stdout + r.stderr).not.toContain(reference.keys.apiKey);

    const again = await runCliInProcess(['cleanup', '--ledger', 'killed/ledger.jsonl', '--fixtures', fixtures], {
      cwd: dir,
    });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/; 0 to archive/);
    expect(again.stdout).toMatch(/cleanup: 0 archived, 0 already gone, 0 not archived/);
  }, 120_000);

  it('reports what is already gone and what cannot be archived; exit 1 when a record could not be', async () => {
    const file = path.join(dir, 'hand.jsonl');
    const at = new Date().toISOString();
    const entries: LedgerLine[] = [
      {
        id: '00000000-0000-4000-8000-000000000001',
        type: 'account',
        path: '/account/00000000-0000-4000-8000-000000000001',
        runId: 'cr-test',
        createdAt: at,
        auth: 'apiKey',
      },
      {
        id: '00000000-0000-4000-8000-000000000002',
        type: 'contact',
        path: null,
        runId: 'cr-test',
        createdAt: at,
        auth: 'apiKey',
      },
    ];
    writeFileSync(file, entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const ok = await runCliInProcess([
      'cleanup',
      '--ledger',
      file,
      '--base-url',
      reference.baseUrl,
      '--api-key',
      reference.keys.apiKey,
    ]);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/already gone: account 00000000-0000-4000-8000-000000000001 .*HTTP 404/);
    expect(ok.stdout).toMatch(/cannot be archived through the API .*: 1 contact/);

    // a record of organization B, and no key of B to archive it with
    writeFileSync(
      file,
      JSON.stringify({
        id: 'b1',
        type: 'account',
        path: '/account/b1',
        runId: 'cr-test',
        createdAt: at,
        auth: 'otherOrgApiKey',
      }) + '\n',
    );
    const no = await runCliInProcess([
      'cleanup',
      '--ledger',
      file,
      '--base-url',
      reference.baseUrl,
      '--api-key',
      reference.keys.apiKey,
    ]);
    expect(no.code).toBe(1);
    expect(no.stdout).toMatch(/not archived: account b1 .*pass --other-org-api-key/);
  });

  it('exit 2 when it cannot run', async () => {
    const none = await runCliInProcess([
      'cleanup',
      '--base-url',
      reference.baseUrl,
      '--api-key',
      reference.keys.apiKey,
    ]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/cleanup needs --ledger FILE/);
    const missing = await runCliInProcess([
      'cleanup',
      '--ledger',
      path.join(dir, 'nope.jsonl'),
      '--base-url',
      reference.baseUrl,
      '--api-key',
      reference.keys.apiKey,
    ]);
    expect(missing.code).toBe(2);
    const file = path.join(dir, 'one.jsonl');
    writeFileSync(
      file,
      JSON.stringify({
        id: 'a',
        type: 'account',
        path: '/account/a',
        runId: 'cr-test',
        createdAt: new Date().toISOString(),
        auth: 'apiKey',
      }) + '\n',
    );
    const noUrl = await runCliInProcess(['cleanup', '--ledger', file, '--api-key', reference.keys.apiKey]);
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toMatch(/cleanup needs --base-url/);
    const unreachable = await runCliInProcess([
      'cleanup',
      '--ledger',
      file,
      '--base-url',
      'http://conformance-gone.invalid/api/v2/public',
      '--api-key',
      reference.keys.apiKey,
    ]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr.trim().split('\n')).toHaveLength(1);
    expect(unreachable.stderr).toMatch(/cannot reach the server/);
  });
});
