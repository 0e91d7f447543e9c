import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../lib/report/conformance-json.js';
import { checkFixtures } from '../lib/config/fixtures-file.js';
import { givenUpWarnings, pickOtherDomain } from '../suites/preflight/given-up.js';
import { otherDomains, tasksToArchive } from '../fixtures/fixtures-file.js';
import type { ApiRecord } from '../suites/spec/record.js';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import { runInProcess } from './support/in-process.js';
import { FIXTURES_SCHEMA } from '../fixtures/fixtures-file.schema.js';

/**
 * Repeatable complete runs: the archive check gives a task up for good, so `taskToArchive` is a list
 * (one per complete run; the first not yet archived is used) and the console warns when a run used
 * the last one. The same for `accountWithDomains.otherDomain`. The single-value forms stay valid.
 */
describe('taskToArchive as a list: complete runs in a row against one server', () => {
  let ref: RunningReference;
  let dir: string;
  const runs: Array<{ code: number; stdout: string; report: ConformanceReport; archived: boolean[] }> = [];
  /** whether each task of the list is archived now, as the server shows it */
  const archivedNow = async (): Promise<boolean[]> =>
    Promise.all(
      tasksToArchive(ref.fixtures).map(async (id) => {
        const r = await fetch(`${ref.baseUrl}/task/${id}`, { headers: { authorization: `Bearer ${ref.keys.apiKey}` } });
        const body = (await r.json()) as { data: { attributes: { archived_at: { value: unknown } } } };
        return body.data.attributes.archived_at.value !== null;
      }),
    );
  beforeAll(async () => {
    ref = await startReferenceServer({});
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-repeat-'));
    writeFileSync(path.join(dir, 'fixtures.json'), JSON.stringify(ref.fixtures));
    const keys = ['--api-key', ref.keys.apiKey, '--other-org-api-key', ref.keys.otherOrgApiKey!];
    const args = ['--base-url', ref.baseUrl, ...keys, '--read-only-api-key', ref.keys.readOnlyApiKey!];
    for (const n of [1, 2, 3]) {
      const r = await runInProcess([...args, '--fixtures', 'fixtures.json', '--report-dir', `run-${n}`], dir);
      const report = JSON.parse(
        readFileSync(path.join(dir, `run-${n}`, 'conformance.json'), 'utf8'),
      ) as ConformanceReport;
      runs.push({ ...r, report, archived: await archivedNow() });
    }
  }, 300_000);
  afterAll(async () => {
    await ref.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the reference hands out a list of two tasks to give up', () => {
    expect(tasksToArchive(ref.fixtures)).toHaveLength(2);
  });

  it('two complete runs in a row are both complete, each archiving the first task not yet archived', () => {
    const [first, second] = runs;
    for (const r of [first!, second!]) {
      expect(
        r.report.checks.filter((c) => c.status !== 'passed').map((c) => `${c.status} ${c.id}: ${c.message}`),
      ).toEqual([]);
      expect(r.report.certificate.verdict).toBe('conforms');
      expect(r.code).toBe(0);
    }
    // the first run archived the first task of the list, the second run the second
    expect(first!.archived).toEqual([true, false]);
    expect(second!.archived).toEqual([true, true]);
  });

  it('the console warns when a run used the last task of the list, and not before', () => {
    expect(runs[0]!.stdout).not.toMatch(/warning: taskToArchive/);
    const [, last] = tasksToArchive(ref.fixtures);
    expect(runs[1]!.stdout).toContain(
      `warning: taskToArchive: this run used the last task of the list (${last!}, 2 of 2): add more tasks to it, or the next run is incomplete`,
    );
  });

  it('a run after the last: incomplete, saying every task the list names is archived (never "is not set")', () => {
    const third = runs[2]!;
    expect(third.report.certificate.verdict).toBe('incomplete');
    const skipped = third.report.checks.filter((c) => c.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    for (const c of skipped)
      expect(c.message).toMatch(/^fixtures: `taskToArchive` is set, but every task it lists \(2\) is archived/);
    expect(third.stdout).toMatch(/^ {2}- taskToArchive \(set, but unusable\): unlocks /m);
    expect(third.stdout).toContain('warning: taskToArchive: every task it lists (2) is archived by earlier runs');
  });
});

describe('the single-value forms stay valid; otherDomain as a list', () => {
  it('the fixtures file takes taskToArchive and otherDomain as one value or a list', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const one = { taskToArchive: id, accountWithDomains: { id, primaryDomain: 'a.example', otherDomain: 'b.example' } };
    const many = {
      taskToArchive: [id, '00000000-0000-4000-8000-000000000002'],
      accountWithDomains: { id, primaryDomain: 'a.example', otherDomain: ['b.example', 'c.example'] },
    };
    expect(() => checkFixtures(one, 'one.json', FIXTURES_SCHEMA)).not.toThrow();
    expect(() => checkFixtures(many, 'many.json', FIXTURES_SCHEMA)).not.toThrow();
    expect(() => checkFixtures({ taskToArchive: [] }, 'empty.json', FIXTURES_SCHEMA)).toThrow();
    expect(tasksToArchive(one)).toEqual([id]);
    expect(otherDomains(many)).toEqual(['b.example', 'c.example']);
  });

  it('takes the first otherDomain the account still shows, and warns when it is the last', () => {
    const f = { accountWithDomains: { id: 'a', primaryDomain: 'a.example', otherDomain: ['b.example', 'C.example'] } };
    const account = (names: string[]) =>
      ({
        id: 'a',
        attributes: {
          domains: names.map((n) => ({ value_type: 'account_domain', value: { domain_name: n, is_primary: false } })),
        },
      }) as unknown as ApiRecord;
    expect(pickOtherDomain(f, account(['a.example', 'b.example', 'c.example']))).toMatchObject({
      value: 'b.example',
      index: 0,
    });
    const last = pickOtherDomain(f, account(['a.example', 'c.example']));
    expect(last).toMatchObject({ value: 'C.example', index: 1, count: 2, usedUp: ['b.example'], seen: true });
    expect(pickOtherDomain(f, account(['a.example']))).toMatchObject({ index: 2, usedUp: ['b.example', 'C.example'] });
    expect(pickOtherDomain(f, undefined)).toMatchObject({ value: 'b.example', seen: false });
    const preflight = { checked: [], requests: 0, givenUp: { otherDomain: last! } };
    expect(givenUpWarnings(preflight, new Set())).toEqual([]); // no check used it
    expect(givenUpWarnings(preflight, new Set(['accountWithDomains.otherDomain']))).toEqual([
      'warning: accountWithDomains.otherDomain: this run used the last domain of the list (C.example, 2 of 2): add more domains to it, or the next run is incomplete',
    ]);
  });
});

/**
 * What a run gives up is spent last, and only by a run that can be complete: a first run incomplete
 * for another reason (no noteId) keeps the one task to archive; the next, complete, archives it.
 */
describe('one task to archive, two runs in a row, the first incomplete for another reason', () => {
  let ref: RunningReference;
  let dir: string;
  const runs: Array<{ report: ConformanceReport; archived: boolean }> = [];
  beforeAll(async () => {
    ref = await startReferenceServer({});
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-spend-last-'));
    const [task] = tasksToArchive(ref.fixtures);
    const { noteId: _note, ...lacking } = { ...ref.fixtures, taskToArchive: [task!] };
    writeFileSync(path.join(dir, 'lacking.json'), JSON.stringify(lacking));
    writeFileSync(path.join(dir, 'complete.json'), JSON.stringify({ ...ref.fixtures, taskToArchive: [task!] }));
    const keys = ['--api-key', ref.keys.apiKey, '--other-org-api-key', ref.keys.otherOrgApiKey!];
    const args = ['--base-url', ref.baseUrl, ...keys, '--read-only-api-key', ref.keys.readOnlyApiKey!];
    for (const f of ['lacking', 'complete']) {
      await runInProcess([...args, '--fixtures', `${f}.json`, '--report-dir', f], dir);
      const report = JSON.parse(readFileSync(path.join(dir, f, 'conformance.json'), 'utf8')) as ConformanceReport;
      const r = await fetch(`${ref.baseUrl}/task/${task!}`, {
        headers: { authorization: `Bearer ${ref.keys.apiKey}` },
      });
      const body = (await r.json()) as { data: { attributes: { archived_at: { value: unknown } } } };
      runs.push({ report, archived: body.data.attributes.archived_at.value !== null });
    }
  }, 300_000);
  afterAll(async () => {
    await ref.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the incomplete run does not archive it, and says why; the complete run after it does, and is complete', () => {
    const [lacking, complete] = runs;
    expect(lacking!.archived).toBe(false);
    const archive = lacking!.report.checks.find((c) => c.id === 'task.delete.archives');
    expect(archive?.status).toBe('skipped');
    expect(archive?.message).toMatch(/not spent: this run is incomplete anyway .*`noteId`.*taskToArchive is kept/);
    expect(complete!.archived).toBe(true);
    expect(complete!.report.certificate.verdict).toBe('conforms');
  });
});
