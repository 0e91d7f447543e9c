import { isDeepStrictEqual } from 'node:util';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { RunningReference } from '../reference/index.js';
import { startReferenceServer } from '../reference/index.js';
import { givenUpDomains, keptRecordDeletedBy, keptRecords, kindOf } from '../fixtures/kept-records.js';
import { auditKeptRecords, readKeptRecords } from '../suites/preflight/kept-audit.js';
import { ApiClient } from '../lib/http/client.js';
import { redactorFor } from '../lib/redact/redactor-for.js';
import { isCreated, readLedger } from '../lib/safety/ledger.js';
import { summaryMarkdown } from '../lib/report/summary-md.js';
import { inertMarkdown } from '../lib/report/inert.js';
import { reportHtml } from '../lib/report/html.js';
import { requestCounts } from '../lib/report/request-counts.js';
import type { ConformanceReport } from '../lib/report/conformance-json.js';
import type { Fixtures } from '../fixtures/fixtures-file.js';
import type { ApiRecord } from '../suites/spec/record.js';
import { runInProcess } from './support/in-process.js';
import { referenceWithFixtures } from './support/loopback.js';
import { STATED_OPERATIONS } from '../suites/spec/api-operations.js';

const F: Fixtures = {
  taskIds: ['t-kept'],
  taskToArchive: 't-gone',
  noteId: 'n1',
  meetingId: 'm1',
  contactWithPhoneNumbersId: 'c1',
  accountWithDomains: { id: 'a1', primaryDomain: 'acme.example', otherDomain: 'Acme-Mail.example' },
};

describe('the kept records, named in one place', () => {
  it('are the records the fixtures file names, less taskToArchive', () => {
    expect(keptRecords(F).map((k) => `${k.key} ${k.id}`)).toEqual([
      'taskIds[0] t-kept',
      'noteId n1',
      'meetingId m1',
      'contactWithPhoneNumbersId c1',
      'accountWithDomains a1',
    ]);
    expect(givenUpDomains(F)).toEqual(['acme-mail.example']);
  });

  it('take no DELETE, except of the domain the user gave up', () => {
    expect(keptRecordDeletedBy(F, 'DELETE', '/task/t-kept')?.key).toBe('taskIds[0]');
    expect(keptRecordDeletedBy(F, 'DELETE', '/account/a1')?.key).toBe('accountWithDomains');
    const domain = (name: string) => keptRecordDeletedBy(F, 'DELETE', `/account/a1/attribute/domains/${name}`)?.key;
    expect(domain('acme.example')).toBe('accountWithDomains');
    expect(keptRecordDeletedBy(F, 'DELETE', '/meeting/m1')?.key).toBe('meetingId');
    const edge = keptRecordDeletedBy(F, 'DELETE', '/opportunity/o9/relationship/contacts/c1');
    expect(edge?.key).toBe('contactWithPhoneNumbersId');
    expect(domain('acme-mail.example')).toBeUndefined();
    expect(keptRecordDeletedBy(F, 'DELETE', '/task/t-gone')).toBeUndefined();
    expect(keptRecordDeletedBy(F, 'DELETE', '/account/a-own')).toBeUndefined();
    expect(keptRecordDeletedBy(F, 'PATCH', '/task/t-kept')).toBeUndefined();
  });

  it('protect the record with many edges the default-page check only reads', () => {
    const f = { customObject: { apiName: 'cus_obj__p', recordWithManyEdgesId: 'r-many' } };
    expect(keptRecordDeletedBy(f, 'DELETE', '/cus_obj__p/r-many')?.key).toBe('customObject.recordWithManyEdgesId');
    expect(keptRecordDeletedBy(f, 'DELETE', '/contact/c1/relationship/cus_obj__p/r-many')?.key).toBe(
      'customObject.recordWithManyEdgesId',
    );
    expect(keptRecordDeletedBy(f, 'GET', '/cus_obj__p/r-many/relationship/contacts')).toBeUndefined();
    expect(kindOf(f, 'r-many')).toBe('kept');
  });
});

/** A client of organization A on the reference. */
function clientOf(reference: RunningReference): ApiClient {
  return new ApiClient({
    baseUrl: reference.baseUrl,
    operations: STATED_OPERATIONS,
    keys: reference.keys,
    timeoutMs: 5000,
    redactor: redactorFor(reference.keys),
  });
}

/** Every kept record of the reference, read with organization A's key (or absent). */
async function readKept(reference: RunningReference): Promise<Record<string, ApiRecord>> {
  return readKeptRecords(clientOf(reference), reference.fixtures);
}

/** What the suite writes on a kept task and does not put back (README, "The fixtures file"). */
const WRITTEN = new Set([
  'disposition',
  'status',
  'completed_at',
  'completed_by_user_id',
  'updated_at',
  'updated_by_user_id',
]);

function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sorted(x)]));
  return v;
}

/** Each kept record reads back as it was, leaving out what the suite writes: the differences, in words. */
function differences(before: Record<string, ApiRecord>, after: Record<string, ApiRecord>): string[] {
  const out: string[] = [];
  for (const [key, was] of Object.entries(before)) {
    const is = after[key];
    if (!is) {
      out.push(`${key} no longer readable`);
      continue;
    }
    for (const name of new Set([...Object.keys(was.attributes), ...Object.keys(is.attributes)])) {
      if (WRITTEN.has(name)) continue;
      const [b, a] = [was.attributes[name], is.attributes[name]];
      if (!isDeepStrictEqual(sorted(b), sorted(a)))
        out.push(`${key}.${name}: ${JSON.stringify(b)} → ${JSON.stringify(a)}`);
    }
  }
  return out;
}

interface RunOutcome {
  code: number | null;
  stdout: string;
  report: ConformanceReport;
  summary: string;
  html: string;
  dir: string;
  before: Record<string, ApiRecord>;
  after: Record<string, ApiRecord>;
}

/** A whole run against a reference this test started with `faults`, the kept records read before and after. */
async function runAgainst(faults: string[], extra: string[] = []): Promise<RunOutcome> {
  const { reference, dir, writeFixtures } = await referenceWithFixtures({ faults });
  try {
    const before = await readKept(reference);
    const fixtures = writeFixtures(reference.baseUrl);
    // in this process, through the composition root: what is judged is the server's records and the report
    const r = await runInProcess(['--fixtures', fixtures, '--report-dir', dir, ...extra], dir);
    const after = await readKept(reference);
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
    return {
      code: r.code,
      stdout: r.stdout + r.stderr,
      report,
      before,
      after,
      dir,
      summary: readFileSync(path.join(dir, 'summary.md'), 'utf8'),
      html: readFileSync(path.join(dir, 'report.html'), 'utf8'),
    };
  } finally {
    await reference.close();
  }
}

const failedRules = (o: RunOutcome) => new Set(o.report.checks.filter((c) => c.status === 'failed').map((c) => c.id));

describe('a read-only key that can write (create, patch, archive, unlink)', () => {
  let o: RunOutcome;
  beforeAll(async () => {
    o = await runAgainst(['read-only-can-write']);
  }, 150_000);

  it('still fails auth.forbidden-403', () => {
    expect(o.code, o.stdout).toBe(1);
    expect(failedRules(o)).toContain('auth.forbidden-403');
  });

  it('leaves every kept record as it was: the task not archived, domains and phone items intact', () => {
    const keys = [
      'accountToGiveUp',
      'accountWithDomains',
      'contactWithPhoneNumbersId',
      'meetingId',
      'noteId',
      'taskIds[0]',
    ];
    expect(Object.keys(o.before).sort()).toEqual(keys);
    expect(differences(o.before, o.after)).toEqual([]);
    expect(o.after['taskIds[0]']!.attributes['archived_at']).toMatchObject({ value: null });
  });

  it('puts back the disposition the read-only key wrongly wrote, and says so first', () => {
    const changes = o.report.recordChanges ?? [];
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((c) => c.restored)).toBe(true);
    expect(changes.map((c) => `${c.key} ${c.field}`)).toContain('taskIds[0] disposition');
  });

  it('lists what the read-only key wrongly created in the ledger, with the run id', () => {
    const created = readLedger(path.join(o.dir, 'ledger.jsonl')).filter(isCreated);
    const wrong = created.filter((e) => e.wronglyCreatedWith === 'readOnlyApiKey');
    expect(wrong.map((e) => e.type).sort()).toEqual(expect.arrayContaining(['account', 'contact', 'opportunity']));
    for (const e of wrong) expect(e.runId).toBe(o.report.run.runId);
    expect(o.report.leftovers.some((l) => /read-only key, which must not create/.test(l.reason ?? ''))).toBe(true);
  });
});

describe("another organization's key that can write", () => {
  let o: RunOutcome;
  beforeAll(async () => {
    o = await runAgainst(['other-org-can-write']);
  }, 150_000);

  it('still fails isolation.other-organization', () => {
    expect(o.code, o.stdout).toBe(1);
    expect(failedRules(o)).toContain('isolation.other-organization');
  });

  it('leaves every kept record as it was', () => {
    expect(differences(o.before, o.after)).toEqual([]);
  });
});

describe('--read-only against a server that takes every write', () => {
  let o: RunOutcome;
  beforeAll(async () => {
    o = await runAgainst(['read-only-can-write', 'missing-auth-200'], ['--read-only']);
  }, 150_000);

  it('sends no create the server answers 2xx, and changes no kept record', () => {
    expect(o.code, o.stdout).not.toBe(2);
    const created = readLedger(path.join(o.dir, 'ledger.jsonl')).filter(isCreated);
    expect(created).toEqual([]);
    expect(differences(o.before, o.after)).toEqual([]);
    expect(o.report.recordChanges ?? []).toEqual([]);
  });

  it('skips each probe a wrongful acceptance would let change data, saying what it would do', () => {
    const reasons = o.report.checks.filter((c) => c.status === 'skipped').map((c) => c.message);
    const contact = '--read-only: this check would create a contact if the server wrongly accepted it';
    expect(reasons).toContain(`${contact} (POST /contact with the readOnlyApiKey)`);
    expect(reasons.some((r) => r.startsWith(`${contact} (POST /contact with no key)`))).toBe(true);
    expect(reasons.some((r) => r.startsWith('--read-only: this check would archive a task'))).toBe(true);
  });
});

describe('a server that changes a kept record: the block that heads the console and every report', () => {
  let o: RunOutcome;
  beforeAll(async () => {
    o = await runAgainst(['meeting-writable'], ['--only', 'meeting.read-only']);
  }, 150_000);

  it('names the record, the field, before → after, and the restore', () => {
    const line = new RegExp(
      'the server changed your record meetingId \\(meeting [0-9a-f-]+\\): title, "[^"]+" → "[^"]+"; ' +
        'restored: put back with PATCH /meeting/',
    );
    const head = o.stdout.indexOf('The server changed your records:');
    expect(head, o.stdout).toBeGreaterThan(0);
    expect(head).toBeLessThan(o.stdout.indexOf('Deviations:'));
    expect(o.stdout).toMatch(line);
    expect(o.summary).toContain('### ⚠ The server changed your records');
    expect(o.summary.indexOf('The server changed your records')).toBeLessThan(o.summary.indexOf('### New deviations'));
    expect(o.summary).toMatch(line);
    expect(o.html).toContain('<section id="record-changes"');
    expect(o.html.indexOf('id="record-changes"')).toBeLessThan(o.html.indexOf('id="fix"'));
    expect(o.html).toMatch(/the server changed your record meetingId .*title, &quot;/);
    expect(differences(o.before, o.after)).toEqual([]);
  });
});

describe('the read of kept records after the run', () => {
  let reference: RunningReference;
  beforeAll(async () => {
    reference = await startReferenceServer();
  });
  afterAll(async () => {
    await reference.close();
  });

  it('puts back what a PATCH can, and says how to restore the rest', async () => {
    const api = clientOf(reference);
    const before = await readKeptRecords(api, reference.fixtures);
    const task = reference.fixtures.taskIds![0]!;
    // the server changes the user's task behind the suite's back: a new title, then archived
    const headers = { authorization: `Bearer ${reference.keys.apiKey}`, 'content-type': 'application/json' };
    const send = (method: 'PATCH' | 'DELETE', body?: unknown) =>
      request(`${reference.baseUrl}/task/${task}`, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then((r) => r.body.text());
    await send('PATCH', { attributes: { title: 'Changed by the server' } });
    await send('DELETE');
    const changes = await auditKeptRecords(api, reference.fixtures, before, false);
    const byField = Object.fromEntries(changes.map((c) => [c.field, c]));
    expect(byField['archived_at']).toMatchObject({ key: 'taskIds[0]', before: null, restored: false });
    expect(byField['archived_at']!.how).toMatch(/no way to unarchive/);
    expect(byField['title']).toMatchObject({ before: valueOfTitle(before), after: 'Changed by the server' });

    const report = { recordChanges: changes };
    const lines = changes.map((c) => `the server changed your record taskIds[0] (task ${task}): ${c.field}`);
    const md = blockOf(summaryMarkdownOf(report));
    const html = blockOf(reportHtmlOf(report));
    for (const l of lines) {
      // Markdown shows the line as the text it is: its brackets escaped (lib/report/inert.ts)
      expect(md).toContain(inertMarkdown(l));
      expect(html).toContain(l);
    }
    expect(md).toMatch(/not restored: the API has no way to unarchive a record/);
  });
});

function valueOfTitle(kept: Record<string, ApiRecord>): unknown {
  const a = kept['taskIds[0]']!.attributes['title'];
  return a && !Array.isArray(a) ? a.value : undefined;
}

/** The writers' block alone: a report without checks is enough for it, whatever else they fail on. */
function summaryMarkdownOf(partial: Partial<ConformanceReport>): string {
  return summaryMarkdown(withDefaults(partial));
}
function reportHtmlOf(partial: Partial<ConformanceReport>): string {
  return reportHtml(withDefaults(partial));
}
function blockOf(text: string): string {
  return text.slice(0, text.search(/### New deviations|id="fix"/));
}
function withDefaults(partial: Partial<ConformanceReport>): ConformanceReport {
  const score = { passed: 0, failed: 0, blocked: 0, total: 0 };
  return {
    summary: { passed: 0, failed: 0, skipped: 0, blocked: 0, total: 0, mustFailed: 0, shouldFailed: 0, mustBlocked: 0 },
    run: {
      runId: 'cr-test',
      target: 'http://127.0.0.1/api/v2/public',
      embedded: false,
      seed: 1,
      startedAt: new Date(0).toISOString(),
      durationMs: 0,
      suiteVersion: '0',
      requestsSent: 0,
      rateLimitRetries: 0,
    },
    certificate: {
      suiteVersion: '0',
      specVersion: 'v2',
      target: 'x',
      date: 'd',
      verdict: 'conforms',
      must: score,
      should: score,
      skipped: [],
      fingerprint: '0'.repeat(64),
    },
    blockers: [],
    checks: [],
    observations: [],
    observed: { successStatuses: [], errorCodes: [] },
    requests: requestCounts([], {}),
    leftovers: [],
    ...partial,
  } as unknown as ConformanceReport;
}

describe('the audit after the run judges only what the server answered', () => {
  const note = '11111111-1111-4111-8111-111111111111';
  const fixtures = { noteId: note } as Fixtures;
  const before: Record<string, ApiRecord> = {
    noteId: { id: note, created_at: 'x', updated_at: 'x', record_type: 'note', attributes: {} },
  };
  // a client stub: what GET /note/{id} got, an answer or none at all
  const clientAnswering = (status: number | undefined) =>
    ({
      get: () =>
        Promise.resolve(
          status === undefined ? { transportError: 'connection refused' } : { response: { status, json: {} } },
        ),
    }) as unknown as ApiClient;

  it('a server that no longer answers changed nothing it can be blamed for', async () => {
    await expect(auditKeptRecords(clientAnswering(undefined), fixtures, before, false)).resolves.toEqual([]);
    await expect(auditKeptRecords(clientAnswering(503), fixtures, before, false)).resolves.toEqual([]);
  });

  it('a record the server refuses to show now is reported as no longer readable', async () => {
    const changes = await auditKeptRecords(clientAnswering(404), fixtures, before, false);
    expect(changes).toMatchObject([{ key: 'noteId', before: 'readable', after: 'no longer readable' }]);
  });
});
