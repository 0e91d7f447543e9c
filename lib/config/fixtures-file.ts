import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Fixtures } from '../target/fixtures.js';
import { FIXTURES_SCHEMA } from '../target/fixtures-schema.js';
import { RunCannotStart } from './run-cannot-start.js';
import { readJsonFile } from './read-json-file.js';

// ajv-formats ships CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
  formats: string[],
) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: true }), ['uuid']);
const validateFixtures = ajv.compile(FIXTURES_SCHEMA);

export interface LoadedFixtures {
  fixtures: Fixtures;
  /** unknown keys, by JSON pointer (likely typos) */
  warnings: string[];
}

/**
 * Reads and validates a fixtures file; every problem is named in one RunCannotStart. `shownAs` is the path as the
 * user gave it, for the messages.
 */
export function loadFixturesFile(file: string, shownAs: string = file): LoadedFixtures {
  return checkFixtures(readJsonFile(file, shownAs, 'fixtures', '--fixtures / CONFORMANCE_FIXTURES'), shownAs);
}

/** Where a fixtures value breaks the schema (JSON pointer and why), unknown keys left out. */
export function fixturesSchemaErrors(data: unknown): Array<{ pointer: string; message: string }> {
  if (validateFixtures(data)) return [];
  return (validateFixtures.errors ?? [])
    .filter((e) => e.keyword !== 'additionalProperties')
    .map((e) => ({ pointer: e.instancePath, message: e.message ?? 'is invalid' }));
}

export function checkFixtures(data: unknown, file: string): LoadedFixtures {
  if (validateFixtures(data)) return { fixtures: data as Fixtures, warnings: [] };
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const e of validateFixtures.errors ?? []) {
    const at = e.instancePath || '/';
    if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      warnings.push(`${at === '/' ? '' : at}/${extra}`);
    } else {
      errors.push(`${at} ${e.message ?? 'is invalid'}`);
    }
  }
  if (errors.length > 0) throw new RunCannotStart(`invalid fixtures file ${file}: ${errors.join('; ')}`);
  return { fixtures: data as Fixtures, warnings };
}
