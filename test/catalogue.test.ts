import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from '../lib/rules/catalogue.js';
import { OPEN_POINTS } from '../lib/rules/open-points.js';
import { checkCounts } from '../lib/cli/rules-command.js';
import { SUITE_FILES } from '../suites/index.js';
import { STATED_ENDPOINTS } from '../lib/rules/stated-endpoints.js';
import { RETIRED_RULES } from '../lib/rules/retired.js';

// counted from the registry the suite files fill: what a run runs, loops included
const checks: ReadonlyMap<string, number> = await checkCounts(SUITE_FILES);

describe('the rule catalogue', () => {
  it('every check names a rule of the catalogue', () => {
    expect([...checks.keys()].filter((id) => !Object.hasOwn(RULES, id))).toEqual([]);
  });

  it('every check names its rule as a literal, so grep and this test find it', () => {
    const dir = new URL('../suites/', import.meta.url);
    const computed = readdirSync(dir)
      .filter((f) => f.endsWith('.checks.ts'))
      .flatMap((f) => [...readFileSync(new URL(f, dir), 'utf8').matchAll(/\bcheck\(\s*[^'"\s]/g)].map(() => f));
    expect(computed).toEqual([]);
  });

  it('every MUST rule has at least one check', () => {
    const unchecked = Object.entries(RULES)
      .filter(([id, r]) => r.level === 'MUST' && !checks.has(id))
      .map(([id]) => id);
    expect(unchecked).toEqual([]);
  });

  it('every SHOULD rule has at least one check too', () => {
    const unchecked = Object.entries(RULES)
      .filter(([id, r]) => r.level === 'SHOULD' && !checks.has(id))
      .map(([id]) => id);
    expect(unchecked).toEqual([]);
  });

  it("a SHOULD rule rests on an HTTP RFC's SHOULD: its section names the RFC and section, its quote says SHOULD", () => {
    // the spec uses no RFC 2119 words: what it states is MUST, what it leaves open is observed
    for (const [id, r] of Object.entries(RULES)) {
      if (r.level !== 'SHOULD') continue;
      expect(r.section, id).toMatch(/^RFC \d+ §\d+(\.\d+)*/);
      expect(r.quote, id).toMatch(/\bSHOULD\b/);
    }
  });

  it('a retired rule id is never a rule again, and says why it went', () => {
    for (const [id, why] of Object.entries(RETIRED_RULES)) {
      expect(Object.hasOwn(RULES, id), id).toBe(false);
      expect(id).toMatch(/^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$/);
      expect(why.length, id).toBeGreaterThan(10);
    }
  });

  it('ids are area.subject[.slug], lowercase with dots and hyphens', () => {
    for (const id of Object.keys(RULES)) expect(id).toMatch(/^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$/);
  });

  it('every rule quotes the spec, names its section and the operations it applies to', () => {
    for (const [id, r] of Object.entries(RULES)) {
      expect(r.quote.length, id).toBeGreaterThan(10);
      expect(r.section.length, id).toBeGreaterThan(3);
      expect(r.summary.length, id).toBeGreaterThan(10);
      for (const e of r.endpoints)
        expect(e === '*' || (STATED_ENDPOINTS as readonly string[]).includes(e), `${id}: ${e}`).toBe(true);
    }
  });

  it('a rule never rests on a "not shown" sentence', () => {
    for (const [id, r] of Object.entries(RULES)) {
      const open = OPEN_POINTS.find((p) => r.quote.includes(p.quote));
      expect(open?.quote, `${id} quotes an open point`).toBeUndefined();
    }
  });

  it('every stated operation is covered by some rule', () => {
    const covered = new Set(Object.values(RULES).flatMap((r) => r.endpoints));
    expect(STATED_ENDPOINTS.filter((e) => !covered.has(e))).toEqual([]);
  });
});
