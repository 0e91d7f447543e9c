import { describe, expect, it } from 'vitest';
import { loadChecks } from '../lib/check/registry.js';
import { CHECK_KEY, checkKey } from '../lib/catalogue/check-key.js';
import { isSelected, patternsMatchingNothing } from '../lib/select/selection.js';
import { SUITE_FILES } from '../suites/index.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';

/**
 * A check key names exactly one check (a rerun runs that check and nothing else): its rule id and six
 * hex digits of its title's hash, with nothing a shell expands and no comma (--only splits at commas).
 */
describe('check keys', () => {
  it('name every check of the registry apart: no two checks share a key', async () => {
    const all = await loadChecks(SUITE_FILES, CATALOGUE);
    const keys = new Map<string, string>();
    for (const d of all) {
      const key = checkKey(d.rule, d.title);
      expect(key).toMatch(CHECK_KEY);
      const other = keys.get(key);
      expect(other, `${key}: "${d.title}" and "${other ?? ''}"`).toBeUndefined();
      keys.set(key, d.title);
    }
    expect(keys.size).toBe(all.length);
  });

  it('select exactly the check they name; a key of an unknown rule matches nothing', () => {
    const c = {
      rule: 'contact.create.status-201',
      level: 'MUST' as const,
      group: 'contacts',
      title: 'a valid create answers 201',
    };
    const key = checkKey(c.rule, c.title);
    expect(isSelected({ only: [key], skip: [], level: 'all' }, c)).toBe(true);
    expect(isSelected({ only: [key], skip: [], level: 'all' }, { ...c, title: 'another check of the rule' })).toBe(
      false,
    );
    expect(isSelected({ only: ['contacts'], skip: [key], level: 'all' }, c)).toBe(false);
    expect(patternsMatchingNothing([key, 'no.such.rule@abcdef'], ['contacts'], CATALOGUE)).toEqual([
      'no.such.rule@abcdef',
    ]);
  });
});
