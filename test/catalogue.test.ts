import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from '../suites/spec/rules/catalogue.js';
import type { Rule } from '../lib/catalogue/rule.js';
import { OPEN_POINTS } from '../suites/spec/rules/open-points.js';
import { checkCounts } from '../lib/cli/rules-command.js';
import { SUITE_FILES } from '../suites/index.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';
import { OPERATIONS } from '../suites/spec/operations.js';

const STATED_ENDPOINTS = Object.keys(OPERATIONS);
import { RETIRED_RULES } from '../suites/spec/rules/retired.js';

// counted from the registry the suite files fill: what a run runs, loops included
const checks: ReadonlyMap<string, number> = await checkCounts({ suites: SUITE_FILES, catalogue: CATALOGUE });

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
      for (const e of r.endpoints) expect(e === '*' || STATED_ENDPOINTS.includes(e), `${id}: ${e}`).toBe(true);
    }
  });

  it('a rule never rests on a "not shown" sentence', () => {
    for (const [id, r] of Object.entries(RULES)) {
      const open = OPEN_POINTS.find((p) => r.quote.includes(p.quote));
      expect(open?.quote, `${id} quotes an open point`).toBeUndefined();
    }
  });

  it('says in the open which reading it takes where a sentence has two, or two listed codes fit one request', () => {
    // the choices docs/exactness.md lists: each rule takes both (`accepts`) or one, as a strict reading
    const chosen = [
      'contact.no-inline-relationships',
      'write.attributes-only',
      'contact.phone-item.last-primary',
      'custom-object.unknown-type',
      'custom-object.upsert.invalid-matching-field',
      'error.code.invalid-target-identifier',
      'error.code.unsupported-media-type',
      'media.unsupported-type-415',
      'error.code.limit-out-of-range',
      'record.organization-scoped',
      'contact.accounts.paginated',
      'discovery.schema-contact-attributes',
    ];
    for (const id of chosen) {
      const r = (RULES as Record<string, Rule>)[id];
      expect(r, id).toBeDefined();
      const strict = r?.reading === 'strict' && (r.otherReading ?? '').length > 20;
      const both = (r?.accepts ?? '').length > 20;
      expect(strict !== both, `${id}: either accepts both readings or takes one strictly, saying why`).toBe(true);
    }
    for (const [id, r] of Object.entries(RULES as Record<string, Rule>))
      expect(!(r.reading === 'strict' && r.accepts !== undefined), `${id} both strict and accepting both`).toBe(true);
  });

  it('every stated operation is covered by some rule', () => {
    const covered = new Set<string>(Object.values(RULES).flatMap((r) => r.endpoints));
    expect(STATED_ENDPOINTS.filter((e) => !covered.has(e))).toEqual([]);
  });
});
