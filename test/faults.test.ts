import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { isRuleId, RULES } from '../suites/spec/rules/catalogue.js';
import { DEFAULT_CONCURRENCY, detectFault, expectedExit, limiter, type FaultOutcome } from './verify/detect.js';
import { FAULTS, resolveFaults } from '../reference/faults/registry.js';
import { startReferenceServer } from '../reference/index.js';

/**
 * Fault injection: the suite must notice each named deviation of the reference server. Every
 * fault gets an `npx conformance --fault <id>` run, in this process through the CLI's composition
 * root (`npm run verify` runs each in a child process, as a user would), at most
 * DEFAULT_CONCURRENCY (or CONFORMANCE_FAULT_CONCURRENCY) at a time; the queue starts in
 * beforeAll and runs ahead while each test awaits its own fault. FAULTS=a,b limits the set.
 * The run is focused on the fault's rules first, and is the whole suite when that does not detect
 * it (detectFault); `npm run verify` always runs the whole suite per fault.
 */
const FAULT_DIR = fileURLToPath(new URL('../reference/faults/', import.meta.url));
const NOT_FAULTS = ['all', 'define', 'kit', 'registry'];
const only = process.env['FAULTS']
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const selected = only ? FAULTS.filter((f) => only.includes(f.id)) : FAULTS;
const concurrency = Number(process.env['CONFORMANCE_FAULT_CONCURRENCY'] ?? DEFAULT_CONCURRENCY);

describe('the fault registry', () => {
  it('lists at least 60 faults, one file each, named after its id', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(60);
    const files = readdirSync(FAULT_DIR)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -3))
      .filter((f) => !NOT_FAULTS.includes(f));
    expect(FAULTS.map((f) => f.id).sort()).toEqual(files.sort());
  });

  it('lists them in order of id, so a new fault has one place to go', () => {
    const ids = FAULTS.map((f) => f.id);
    expect(ids).toEqual([...ids].sort());
  });

  it('gives each fault a kebab-case id, a description and catalogue rules to break', () => {
    for (const f of FAULTS) {
      expect(f.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(f.description.length).toBeGreaterThan(10);
      expect(f.breaks.length).toBeGreaterThan(0);
      for (const rule of f.breaks) expect(isRuleId(rule), `${f.id}: ${rule}`).toBe(true);
    }
  });

  it('breaks every MUST and SHOULD rule of the catalogue with at least one fault', () => {
    const broken = new Set<string>(FAULTS.flatMap((f) => f.breaks));
    const unbroken = Object.entries(RULES)
      .filter(([id, rule]) => (rule.level === 'MUST' || rule.level === 'SHOULD') && !broken.has(id))
      .map(([id, rule]) => `${rule.level} ${id}`);
    expect(unbroken, `rules no fault breaks (nothing proves their checks can fail):\n${unbroken.join('\n')}`).toEqual(
      [],
    );
  });

  it('refuses an unknown fault name, listing the known ones', async () => {
    expect(() => resolveFaults(['no-such-fault'])).toThrow(
      /Unknown fault "no-such-fault". Known faults: .*contact-create-200/,
    );
    await expect(startReferenceServer({ faults: ['no-such-fault'] })).rejects.toThrow(/Unknown fault/);
  });
});

describe('the suite detects every fault of the reference server', () => {
  const results = new Map<string, Promise<FaultOutcome>>();
  beforeAll(() => {
    const schedule = limiter(concurrency);
    for (const fault of selected) {
      const p = schedule(() => detectFault(fault, { focused: true, inProcess: true }));
      p.catch(() => undefined); // awaited (and reported) by the fault's own test
      results.set(fault.id, p);
    }
  });

  if (selected.length === 0) it.skip(`no fault selected by FAULTS=${only?.join(',') ?? ''}`, () => undefined);
  for (const fault of selected) {
    it(`${fault.id} (${fault.breaks.join(', ')})`, async () => {
      const o = await results.get(fault.id)!;
      const summary = `exit ${String(o.code)}${o.error ? `, ${o.error}` : ''}; other failed rules: ${o.otherRules.join(', ') || 'none'}`;
      expect(o.code, summary).toBe(expectedExit(fault.breaks));
      expect(o.matched, `no failed check names ${fault.breaks.join(' or ')}; ${summary}`).not.toEqual([]);
      // and only the rules it declares: a finding under another rule is a second cause, or an undeclared effect
      expect(o.otherRules, `failed rules the fault does not declare; ${summary}`).toEqual([]);
    }, 600_000);
  }
});
