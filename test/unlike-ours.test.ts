import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../bin/main.js';
import { variationById } from '../reference/variations/registry.js';

// Servers unlike ours: each legal variation below makes a choice the spec leaves open the way
// servers written without the suite make it (lists refused on create, no unstated read, 403 across
// organizations). The whole suite runs once against each, in this process: it must conform, exit 0,
// be complete (no MUST check skipped or blocked), and its certificate must verify.

interface Report {
  checks: Array<{ id: string; level: string; status: string; title: string; message: string }>;
  certificate: { verdict: string };
}

const work = mkdtempSync(path.join(tmpdir(), 'conformance-unlike-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The command line in this process: its exit status, and what it printed. */
async function cli(argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await main(argv, { print: (l) => lines.push(l), error: (l) => lines.push(l), cwd: work });
  return { code, out: lines.join('\n') };
}

/** One whole run against the reference with the variation, its report and its certificate's verification. */
async function runAgainst(variation: string): Promise<{ code: number; report: Report; verified: number }> {
  const dir = path.join(work, variation);
  const { code } = await cli(['--variation', variation, '--report-dir', dir]);
  const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as Report;
  const verified = (await cli(['verify-certificate', path.join(dir, 'certificate.json')])).code;
  return { code, report, verified };
}

const VARIATIONS = [
  'contact-lists-not-on-create',
  'account-domains-not-on-create',
  'stated-reads-only',
  'other-org-403',
] as const;

describe('servers unlike ours: each new legal variation conforms, complete, with a genuine certificate', () => {
  it.each(VARIATIONS)(
    '%s',
    async (id) => {
      expect(variationById(id), `${id} is registered`).toBeDefined();
      const { code, report, verified } = await runAgainst(id);
      const open = report.checks.filter(
        (c) => c.level === 'MUST' && (c.status === 'skipped' || c.status === 'blocked' || c.status === 'failed'),
      );
      expect(open.map((c) => `${c.status} ${c.id}: ${c.title}: ${c.message}`)).toEqual([]);
      expect(report.certificate.verdict).toBe('conforms');
      expect(code).toBe(0);
      expect(verified).toBe(0);
      // the value types whose write the variation refuses are judged on the values the run read, never skipped
      const shapes = report.checks.filter(
        (c) => c.id === 'value.shape' && /^(contact_email|contact_phone_number|account_domain):/.test(c.title),
      );
      expect(shapes.length).toBe(3);
      for (const s of shapes) expect(`${s.title}: ${s.status}`).toBe(`${s.title}: passed`);
    },
    300_000,
  );
});
