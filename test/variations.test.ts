import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONCURRENCY, limiter, runSuite } from './verify/detect.js';
import { checkRunsInARow, checkVariation, problemsOf, type VariationOutcome } from './verify/variations.js';
import { compatibleVariations, resolveVariations, VARIATIONS } from '../reference/variations/registry.js';
import { startReferenceServer } from '../reference/index.js';
import { RULES } from '../suites/spec/rules/catalogue.js';
import { runCliInProcess } from './support/in-process.js';

/**
 * The legal-variation matrix: each variation makes a choice the spec leaves open the other way
 * from the default reference, and the suite must pass it. Each runs focused on the checks it
 * affects (`npm run verify` runs the whole suite per variation and all compatible ones together),
 * at most DEFAULT_CONCURRENCY at a time. VARIATIONS=a,b limits the set.
 */
const DIR = fileURLToPath(new URL('../reference/variations/', import.meta.url));
const NOT_VARIATIONS = ['all', 'define', 'kit', 'registry', 'required-create-field'];
const only = process.env['VARIATIONS']
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const selected = only ? VARIATIONS.filter((v) => only.includes(v.id)) : VARIATIONS;
const concurrency = Number(process.env['CONFORMANCE_FAULT_CONCURRENCY'] ?? DEFAULT_CONCURRENCY);

/** An `--only` glob (`*` spans dots) that names at least one rule, so a focused run is never an exit 2. */
function matchesARule(pattern: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return Object.keys(RULES).some((id) => re.test(id));
}

describe('the variation registry', () => {
  it('lists at least 20 variations, one file each, named after its id', () => {
    expect(VARIATIONS.length).toBeGreaterThanOrEqual(20);
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -3))
      .filter((f) => !NOT_VARIATIONS.includes(f));
    expect(VARIATIONS.map((v) => v.id).sort()).toEqual(files.sort());
  });

  it('lists them in order of id, so a new variation has one place to go', () => {
    const ids = VARIATIONS.map((v) => v.id);
    expect(ids).toEqual([...ids].sort());
  });

  it("gives each a kebab-case id, a description, the spec's words and the checks it affects", () => {
    for (const v of VARIATIONS) {
      expect(v.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(v.description.length).toBeGreaterThan(10);
      expect(v.quote.length).toBeGreaterThan(10);
      expect(v.affects.length).toBeGreaterThan(0);
      for (const p of v.affects) expect(matchesARule(p), `${v.id}: ${p} names no rule`).toBe(true);
      for (const other of v.conflicts ?? [])
        expect(
          VARIATIONS.some((w) => w.id === other),
          `${v.id} conflicts with ${other}`,
        ).toBe(true);
    }
  });

  it('leaves out of "all together" every variation that conflicts with one kept', () => {
    const kept = compatibleVariations();
    for (const v of kept)
      for (const other of v.conflicts ?? [])
        expect(
          kept.some((k) => k.id === other),
          `${v.id} and ${other}`,
        ).toBe(false);
    expect(kept.length).toBeGreaterThan(VARIATIONS.length / 2);
  });

  it("serve --list-variations prints each variation with the spec's words, and sends nothing", async () => {
    const r = await runCliInProcess(['serve', '--list-variations']);
    expect(r.code).toBe(0);
    for (const v of VARIATIONS) expect(r.stdout).toContain(`${v.id}\n  ${v.description}\n  spec: ${v.quote}`);
    expect(r.stdout).toContain(`${VARIATIONS.length} variations`);
  }, 60_000);

  it('refuses an unknown variation name, listing the known ones', async () => {
    expect(() => resolveVariations(['no-such-variation'])).toThrow(
      /Unknown variation "no-such-variation". Known variations: .*delete-204/,
    );
    await expect(startReferenceServer({ variations: ['no-such-variation'] })).rejects.toThrow(/Unknown variation/);
  });

  it('counts a failure under the strict reading, or a skip naming a fixture key, as no problem; anything else as one', () => {
    const base = { title: 't', message: 'm', level: 'MUST' as const };
    expect(problemsOf([{ ...base, id: 'a', status: 'failed', reading: 'strict' }])).toEqual([]);
    expect(
      problemsOf([{ ...base, id: 'a', status: 'skipped', message: 'fixtures: `meetingId` is not set; name it' }]),
    ).toEqual([]);
    expect(problemsOf([{ ...base, id: 'a', status: 'failed' }])).toHaveLength(1);
    expect(problemsOf([{ ...base, id: 'a', status: 'blocked' }])).toHaveLength(1);
    expect(problemsOf([{ ...base, id: 'a', status: 'skipped', message: 'the server did something' }])).toHaveLength(1);
    expect(problemsOf([{ ...base, level: 'SHOULD', id: 'a', status: 'failed' }])).toEqual([]);
  });
});

describe('the suite passes every legal variation of the reference server', () => {
  const results = new Map<string, Promise<VariationOutcome>>();
  beforeAll(() => {
    const schedule = limiter(concurrency);
    for (const v of selected) {
      const p = schedule(() => checkVariation(v, { focused: true, inProcess: true }));
      p.catch(() => undefined); // awaited (and reported) by the variation's own test
      results.set(v.id, p);
    }
  });

  if (selected.length === 0) it.skip(`no variation selected by VARIATIONS=${only?.join(',') ?? ''}`, () => undefined);
  for (const v of selected) {
    it(`${v.id}: ${v.description}`, async () => {
      const o = await results.get(v.id)!;
      expect(o.problems, `exit ${String(o.code)}`).toEqual([]);
      expect(o.code).toBe(0);
    }, 600_000);
  }
});

// A real server holds some values unique (an organization's contact emails, its account names) and
// keeps what earlier runs made (contacts cannot be archived): every run must meet the records of the
// runs before it and reach the same verdict.
describe('runs in a row against one server that holds values unique', () => {
  it('both pass, with the same verdict: every value a server may hold unique carries the run id', async () => {
    const o = await checkRunsInARow(undefined, { runs: 2, inProcess: true });
    expect(o.problems, `exit ${String(o.code)}`).toEqual([]);
    expect(o.code).toBe(0);
  }, 600_000);
});

// Organization B is another workspace: wherever B writes, B's own values (fixtures otherOrg.*, which
// the reference hands out) are used, so a B whose stages share no name with A's costs no check.
describe('organization B with stages of its own', () => {
  it('the whole suite, otherOrg.* set, skips nothing and fails nothing', async () => {
    const run = await runSuite(['--variation', 'other-org-own-stages'], { inProcess: true });
    expect(run.error).toBeUndefined();
    const notPassed = run.checks.filter((c) => c.status !== 'passed');
    expect(notPassed.map((c) => `${c.status} ${c.id}: ${c.title}: ${c.message}`)).toEqual([]);
    expect(run.code).toBe(0);
  }, 600_000);
});
