import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from '../suites/spec/rules/catalogue.js';
import { RETIRED_RULES } from '../suites/spec/rules/retired.js';
import { duplicateIds } from '../lib/catalogue/duplicate-ids.js';

const KNOWN = readFileSync(new URL('./rule-ids.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'));

describe('rule ids stay stable', () => {
  it('every id once known is still a rule, or retired (never renamed in place)', () => {
    const gone = KNOWN.filter((id) => !Object.hasOwn(RULES, id) && !Object.hasOwn(RETIRED_RULES, id));
    expect(gone, 'retire a removed id in suites/spec/rules/retired.ts; never rename one').toEqual([]);
  });

  it('every rule is known: a new id is added to test/rule-ids.txt on purpose', () => {
    const added = Object.keys(RULES).filter((id) => !KNOWN.includes(id));
    expect(added, 'add the new ids to test/rule-ids.txt (sorted)').toEqual([]);
  });

  it('the list is sorted and holds each id once', () => {
    expect(KNOWN).toEqual([...new Set(KNOWN)].sort());
  });
});

describe('a duplicate rule id', () => {
  it('is found across the catalogue parts', () => {
    expect(duplicateIds([{ 'a.b': 1, 'c.d': 2 }, { 'e.f': 3 }, { 'c.d': 4 }])).toEqual(['c.d']);
    expect(duplicateIds([{ 'a.b': 1 }, { 'c.d': 2 }])).toEqual([]);
  });
});
