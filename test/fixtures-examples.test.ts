import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference/index.js';
import { checkFixtures } from '../lib/config/fixtures-file.js';
import { FIXTURES_SCHEMA } from '../fixtures/fixtures-file.schema.js';

// fixtures/examples/ holds the two fixtures files a user starts from: the full one the embedded
// reference hands out (every key: every check runs) and the sparse one (what a typical user writes).
// Their ids are placeholders and their keys left out (give keys by flag or environment); their shape
// is the reference's own, key for key, so an example cannot drift from the file the suite reads.

const KEYS = new Set(['apiKey', 'otherOrgApiKey', 'readOnlyApiKey']);

/** Every leaf of a fixtures object as a dotted path (a list is a leaf), keys left out. */
function paths(v: unknown, at = ''): string[] {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return [at];
  return Object.entries(v)
    .filter(([k]) => !(at === '' && KEYS.has(k)))
    .flatMap(([k, x]) => paths(x, at === '' ? k : `${at}.${k}`))
    .sort();
}

const example = (set: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/examples/${set}.json`, import.meta.url), 'utf8'));

describe('the example fixtures files', () => {
  it.each(['full', 'sparse'] as const)('%s.json is valid, with no key the schema does not know', (set) => {
    expect(checkFixtures(example(set), `${set}.json`, FIXTURES_SCHEMA).warnings).toEqual([]);
  });

  it.each(['full', 'sparse'] as const)('%s.json has the keys of the file the reference hands out', async (set) => {
    const ref = await startReferenceServer(set === 'sparse' ? { fixtures: 'sparse' } : {});
    try {
      expect(paths(example(set))).toEqual(paths(ref.fixtures));
    } finally {
      await ref.close();
    }
  });

  it('the comparison tells two files apart by one key (the judge can fail)', () => {
    const sparse = example('sparse') as Record<string, unknown>;
    const { noteId: _note, ...withoutNote } = sparse;
    expect(paths(withoutNote)).not.toEqual(paths(sparse));
    expect(paths(sparse)).toContain('noteId');
  });
});
