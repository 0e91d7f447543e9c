import { createHash } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';

// CommonJS: under nodenext its default import is module.exports, whose `.default` is the function
const standaloneCode = standaloneCodeModule.default;

/**
 * Compiling the suite's schemas is ajv generating and compiling JavaScript: most of a second, in every
 * process that validates (each `npx conformance`, each test file). The code ajv generates depends only
 * on the schemas, ajv's version and its options, so it is kept beside the bundle the CLI builds in a clone
 * (node_modules/.conformance/, a file named for a digest of all three) and loaded as a module the next
 * time. Where there is no such folder (an installed package) or it cannot be written, every process
 * compiles, as before.
 */

/** Validators by schema URI, keyed by what the generated code depends on; undefined when none is kept yet. */
export interface CompiledCache {
  validators: Record<string, ValidateFunction> | undefined;
  /** generates the code of every schema (compiling each) and keeps it for the next process */
  keep(ajv: Ajv2020, uris: readonly string[]): void;
}

const require = createRequire(import.meta.url);

/** `formats` is the object the generated code reads its formats from (the `code.formats` option names it). */
export function compiledCache(digestOf: unknown, formats: object): CompiledCache {
  const file = cacheFile(digestOf);
  let validators: Record<string, ValidateFunction> | undefined;
  try {
    if (file !== undefined && existsSync(file))
      validators = (require(file) as (f: object) => Record<string, ValidateFunction>)(formats);
  } catch {
    validators = undefined;
  }
  return {
    validators,
    keep(ajv, uris) {
      if (file === undefined) return;
      try {
        // only beside a bundle the CLI built (a clone): an installed package writes nothing in the user's tree
        if (!existsSync(path.dirname(file))) return;
        const code = standaloneCode(ajv, Object.fromEntries(uris.map((u) => [u, u])));
        // written aside and renamed: a process starting meanwhile never loads half of it
        const partial = `${file}.${process.pid}.tmp`;
        writeFileSync(
          partial,
          `module.exports = function (formats) {\nconst exports = {};\n${code}\nreturn exports;\n};\n`,
        );
        renameSync(partial, file);
      } catch {
        /* not kept: the next process compiles again */
      }
    },
  };
}

/** node_modules/.conformance/schemas-<digest>.cjs of the node_modules that holds ajv. */
function cacheFile(digestOf: unknown): string | undefined {
  try {
    const ajvDir = path.dirname(require.resolve('ajv/package.json'));
    const version = (require('ajv/package.json') as { version: string }).version;
    const digest = createHash('sha256').update(JSON.stringify({ version, digestOf })).digest('hex').slice(0, 16);
    return path.join(ajvDir, '..', '.conformance', `schemas-${digest}.cjs`);
  } catch {
    return undefined;
  }
}
