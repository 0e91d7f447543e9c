import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCliInProcess } from './support/in-process.js';

interface Report {
  run: { seed: number };
  checks: Array<{ id: string; title: string; status: string }>;
}

async function statuses(args: string[]): Promise<Report> {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-determinism-'));
  await runCliInProcess([...args, '--report-dir', dir]);
  return JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as Report;
}

/**
 * A gate a team can leave switched on: without --seed, one suite version against one server sends
 * the same generated inputs, so it reaches the same verdicts run after run; --explore draws anew.
 */
describe('deterministic by default', () => {
  it('two runs without --seed against a faulty server fail the same checks, with the same seed', async () => {
    const args = ['--fault', 'long-string-truncated', '--only', 'generated.*', '--cases', '6'];
    const [a, b] = await Promise.all([statuses(args), statuses(args)]);
    expect(a.run.seed).toBe(b.run.seed);
    const view = (r: Report) => r.checks.map((c) => `${c.status} ${c.id}: ${c.title}`).sort();
    expect(view(a)).toEqual(view(b));
    expect(a.checks.some((c) => c.status === 'failed')).toBe(true);
  });

  it('--explore draws a fresh seed, and refuses to be combined with --seed', async () => {
    const [a, b] = await Promise.all([
      statuses(['--explore', '--only', 'contact.create.status-201']),
      statuses(['--only', 'contact.create.status-201']),
    ]);
    expect(a.run.seed).not.toBe(b.run.seed);
    const r = await runCliInProcess(['--explore', '--seed', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--explore and --seed/);
  });
});
