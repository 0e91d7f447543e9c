import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExamplesFile } from '../lib/check/examples-file.js';
import { runCliInProcess } from './support/in-process.js';

const work = mkdtempSync(path.join(tmpdir(), 'conformance-examples-'));
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
const ONLY = ['--only', 'generated.write-round-trip'];
const examplesIn = (dir: string) =>
  JSON.parse(readFileSync(path.join(work, dir, 'examples.json'), 'utf8')) as ExamplesFile;

describe('examples.json: a failing generated input is kept, and replayed first by a later run', () => {
  it('keeps the smallest failing input of each failed generated check, and a later run re-checks it', async () => {
    const first = await runCliInProcess([
      '--fault',
      'unicode-mangled',
      ...ONLY,
      '--report-dir',
      path.join(work, 'first'),
    ]);
    expect(first.code, first.stdout + first.stderr).toBe(1);
    const kept = examplesIn('first');
    const keys = Object.keys(kept.examples);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.startsWith('generated.write-round-trip:'))).toBe(true);

    // another seed, the examples given: the same input is tried first and fails again
    const again = await runCliInProcess([
      '--fault',
      'unicode-mangled',
      ...ONLY,
      '--explore',
      '--examples',
      path.join(work, 'first', 'examples.json'),
      '--report-dir',
      path.join(work, 'again'),
    ]);
    expect(again.code).toBe(1);
    const still = examplesIn('again');
    for (const key of keys) expect(Object.keys(still.examples)).toContain(key);

    // the fault fixed: the replayed inputs pass, and no examples are left to keep
    const fixed = await runCliInProcess([
      ...ONLY,
      '--examples',
      path.join(work, 'first', 'examples.json'),
      '--report-dir',
      path.join(work, 'fixed'),
    ]);
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    expect(() => examplesIn('fixed')).toThrow();
  }, 300_000);

  it('refuses a file that is not an examples.json: exit 2, one line', async () => {
    const r = await runCliInProcess([
      ...ONLY,
      '--examples',
      path.join(work, 'nothing.json'),
      '--report-dir',
      path.join(work, 'bad'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/examples file/);
  });
});
