import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInProcess } from './support/in-process.js';

interface Check {
  id: string;
  title: string;
  status: string;
  message: string;
  endpoint: string;
  blockedBy?: { step: string; answer: string; rule?: string; fixture?: string };
  finding?: { exchanges: number; checks: string[] };
}
interface Report {
  checks: Check[];
  rootCauses: Array<{ rule: string; operation: string; checks: number; blocked: number }>;
}

/**
 * The command line through the composition root in this process (what these tests judge is the report, not a
 * process start: test/cli-exit-status.test.ts has the CLI's own), its working folder the report's.
 */
async function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; report?: Report }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-cause-'));
  const r = await runInProcess([...args, '--report-dir', dir], dir);
  let report: Report | undefined;
  try {
    report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as Report;
  } catch {
    /* exit 2 writes none */
  }
  return { ...r, ...(report ? { report } : {}) };
}

const failedIds = (r: Report) => [...new Set(r.checks.filter((c) => c.status === 'failed').map((c) => c.id))].sort();
const shown = (r: Report) =>
  r.checks
    .filter((c) => c.status === 'failed')
    .map((c) => `${c.id}: ${c.title}: ${c.message}`)
    .join('\n');

/**
 * One cause, one finding, under the rule it broke (issue: verdicts that hold on every legal server).
 * Each case is a reference fault with one cause; the suite must file it under that cause's rule only.
 */
describe('one cause, one finding', () => {
  it('a server that drops the { data } wrapper everywhere fails record.envelope, not the rules of every check that read a record', async () => {
    const { code, report } = await run(['--fault', 'data-wrapper-dropped']);
    expect(code).toBe(1);
    const failed = failedIds(report!);
    expect(failed, shown(report!)).toContain('record.envelope');
    // the upsert's answer also lost its `meta`, a second deviation of its own; nothing else may fail
    expect(
      failed.filter((id) => id !== 'record.envelope' && id !== 'custom-object.upsert.creates'),
      shown(report!),
    ).toEqual([]);
    for (const prefix of ['auth.', 'isolation.', 'value.', 'media.', 'robustness.']) {
      expect(failed.filter((id) => id.startsWith(prefix))).toEqual([]);
    }
    // one failed result per operation whose answer lost the wrapper, never one per check that met it
    const envelope = report!.checks.filter((c) => c.id === 'record.envelope' && c.status === 'failed');
    const operations = envelope.map((c) => c.endpoint);
    expect(new Set(operations).size).toBe(operations.length);
    // checks that needed a record are blocked on that finding, naming its rule
    const onIt = report!.checks.filter((c) => c.status === 'blocked' && c.blockedBy?.rule === 'record.envelope');
    expect(onIt.length).toBeGreaterThan(20);
    const cause = report!.rootCauses.find((x) => x.rule === 'record.envelope' && x.operation === 'POST /contact');
    expect(cause?.blocked).toBeGreaterThan(10);
  });

  it('a read-back the check cannot read blocks the check on it; it is never taken for an empty value', async () => {
    // GETs answer the bare record: what a refused write left behind cannot be read back
    const { report } = await run([
      '--fault',
      'get-record-not-enveloped',
      '--only',
      'auth.forbidden-403,isolation.other-organization',
    ]);
    expect(
      failedIds(report!).filter((id) => id.startsWith('auth.') || id.startsWith('isolation.')),
      shown(report!),
    ).toEqual([]);
    const blocked = report!.checks.filter((c) => c.status === 'blocked');
    expect(blocked.length).toBeGreaterThan(0);
    for (const c of blocked) expect(c.blockedBy, `${c.id}: ${c.title}`).toMatchObject({ rule: 'record.envelope' });
    // the finding itself is reported once per operation, under record.envelope
    expect(report!.checks.filter((c) => c.id === 'record.envelope' && c.finding !== undefined).length).toBeGreaterThan(
      0,
    );
  });

  it("a fixture record whose shape breaks the spec is the server's deviation (exit 1), not the user's mistake (exit 2)", async () => {
    const { code, stderr, report } = await run(['--fault', 'phone-item-is-primary-string']);
    expect(stderr).not.toContain('contactWithPhoneNumbersId');
    expect(code).toBe(1);
    expect(failedIds(report!)).toEqual(['value.shape']);
    const phone = report!.checks.filter(
      (c) => c.status === 'blocked' && c.blockedBy?.step === 'GET /contact/{contact_id}',
    );
    for (const c of phone) expect(c.blockedBy?.rule).toBe('value.shape');
  });

  it('a baseline written from a run makes that same run pass the gate, the checks its known deviations blocked included', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-baseline-'));
    const file = path.join(dir, 'baseline.json');
    const first = await run(['--fault', 'data-wrapper-dropped', '--seed', '7', '--write-baseline', file]);
    expect(first.code).toBe(1);
    // with the wrapper dropped, the server seems to take no domains on account create: the last-primary
    // checks skip (the user's domains are never risked), and --allow-incomplete says so is known
    const second = await run([
      '--fault',
      'data-wrapper-dropped',
      '--seed',
      '7',
      '--baseline',
      file,
      '--allow-incomplete',
    ]);
    expect(second.stdout).toContain('gate: passes');
    expect(second.code).toBe(0);
    const blocked = second.report!.checks.filter((c) => c.status === 'blocked');
    expect(blocked.length).toBeGreaterThan(20);
    expect(blocked.filter((c) => !(c as { baselined?: boolean }).baselined).map((c) => `${c.id}: ${c.title}`)).toEqual(
      [],
    );
  });
});

/**
 * A root cause is the rule and what is wrong, across operations, attributes and checks; each message
 * in words, with no validator residue (issue 36 §4).
 */
describe('one cause, one root cause, under its own rule', () => {
  const failed = (r: Report) => r.checks.filter((c) => c.status === 'failed');

  it('currency amounts sent as JSON numbers on every record type: one root cause, under value.shape; every other check passes', async () => {
    const { code, report } = await run(['--fault', 'currency-amount-number']);
    expect(code).toBe(1);
    const r = report!;
    expect(r.rootCauses.map((x) => x.rule)).toEqual(['value.shape']);
    expect(failedIds(r), shown(r)).toEqual(['value.shape']);
    expect(r.checks.filter((c) => c.status === 'blocked' || c.status === 'skipped').map((c) => c.id)).toEqual([]);
    const cause = r.rootCauses[0] as Report['rootCauses'][number] & { problem?: string; operations: string[] };
    expect(cause.problem).toBe('currency: value.amount is a number, not a string');
    // the account, the opportunity and the custom-object record each showed it
    for (const op of ['POST /account', 'POST /opportunity', 'POST /{custom_object_api_name}/_upsert'])
      expect(cause.operations).toContain(op);
    for (const c of failed(r)) {
      // which value, what the spec shapes it, what came back: in words, no validator residue
      expect(c.message).toMatch(/expected \w+ \(currency\): \{ value_type: currency, value: \{ amount: string \} \}/);
      expect(c.message).toMatch(/got \w+ \(currency\): value\.amount is -?\d+(\.\d+)?, a number, not a string$/);
      expect(c.message).not.toMatch(/must match|must be|anyOf|"then"/);
    }
  });

  it('a read-only key whose DELETEs are taken at every operation is one root cause of auth.forbidden-403 (200 and 204 alike: test/root-cause-keys.test.ts)', async () => {
    const { report } = await run(['--fault', 'read-only-can-delete', '--only', 'auth.forbidden-403']);
    const r = report!;
    expect(failed(r).length, shown(r)).toBeGreaterThan(1);
    expect(r.rootCauses.map((x) => x.rule)).toEqual(['auth.forbidden-403']);
  });

  it("a body that is not the error body at all is one root cause, under error.body, not also error.code-listed's", async () => {
    const { report } = await run(['--fault', 'long-id-foreign-error-body']);
    const r = report!;
    expect(failedIds(r), shown(r)).toEqual(['error.body']);
    expect(r.rootCauses.map((x) => x.rule)).toEqual(['error.body']);
    for (const c of failed(r)) {
      expect(c.message).toContain('a body of another shape, with none of status_code, error_type: {"error":');
      expect(c.message).not.toMatch(/must have required property/);
    }
  });
});
