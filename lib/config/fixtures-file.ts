import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Fixtures } from '../spec/register.js';
import type { FixturesKnowledge } from '../target/fixtures-in-use.js';
import { RunCannotStart } from './run-cannot-start.js';
import { readJsonFile } from './read-json-file.js';

// ajv-formats ships CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
  formats: string[],
) => Ajv;
// made on first use: a run without a fixtures file (the embedded reference) never compiles its meta-schema
let ajv: Ajv | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

/** The validator of the fixtures file's schema (the spec's, handed in), compiled once. */
function fixturesValidator(schema: FixturesSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    ajv ??= addFormats(new Ajv({ allErrors: true, strict: true }), ['uuid']);
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** The JSON schema a fixtures file meets: the spec's (Spec.fixtures.schema), handed down. */
export type FixturesSchema = FixturesKnowledge['schema'];

export interface LoadedFixtures {
  fixtures: Fixtures;
  /** unknown keys, by JSON pointer (likely typos) */
  warnings: string[];
}

/**
 * Reads and validates a fixtures file; every problem is named in one RunCannotStart. `shownAs` is the path as the
 * user gave it, for the messages.
 */
export function loadFixturesFile(file: string, schema: FixturesSchema, shownAs: string = file): LoadedFixtures {
  return checkFixtures(readJsonFile(file, shownAs, 'fixtures', '--fixtures / CONFORMANCE_FIXTURES'), shownAs, schema);
}

/** Where a fixtures value breaks the schema (JSON pointer and why), unknown keys left out. */
export function fixturesSchemaErrors(
  data: unknown,
  schema: FixturesSchema,
): Array<{ pointer: string; message: string }> {
  const validate = fixturesValidator(schema);
  if (validate(data)) return [];
  return (validate.errors ?? [])
    .filter((e) => e.keyword !== 'additionalProperties')
    .map((e) => ({ pointer: e.instancePath, message: e.message ?? 'is invalid' }));
}

export function checkFixtures(data: unknown, file: string, schema: FixturesSchema): LoadedFixtures {
  const validate = fixturesValidator(schema);
  if (validate(data)) return { fixtures: data as Fixtures, warnings: [] };
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const e of validate.errors ?? []) {
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
