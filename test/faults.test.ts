import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isRuleId, RULES } from '../suites/spec/rules/catalogue.js';
import { FAULTS, resolveFaults } from '../reference/faults/registry.js';
import { startReferenceServer } from '../reference/index.js';
import { detectsFaults } from './support/fault-matrix.js';

/**
 * Fault injection: the fault registry's own tests here; the suite must notice each named deviation of
 * the reference server, one `npx conformance --fault <id>` run each (test/support/fault-matrix.ts),
 * dealt to this file and test/faults-2.test.ts. FAULTS=a,b limits the set (all run in this file).
 */
const FAULT_DIR = fileURLToPath(new URL('../reference/faults/', import.meta.url));
const NOT_FAULTS = ['all', 'define', 'kit', 'registry'];

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

// the first half of the fault runs; test/faults-2.test.ts runs the other half (in a worker of its own)
detectsFaults(1, 2);
