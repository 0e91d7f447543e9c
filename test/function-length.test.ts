import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// "No product function over 60 lines", held by `npm run lint` (eslint.config.js, scripts/lint/function-length.js).
// The project's own config lints made-up files at product paths; only type information is off, since a file
// that is not on disk is in no TypeScript project (the rule needs none).
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });

/** The messages of the function-length rule on `code` as the file `filePath`. */
async function lengthErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal, 'the fixture parses').toEqual([]);
  return result!.messages.filter((m) => m.ruleId === 'house/function-length').map((m) => m.message);
}

/** `n` lines of statements, each its own line. */
const statements = (n: number, indent = '  ') =>
  Array.from({ length: n }, (_, i) => `${indent}console.log(${i});`).join('\n');

/** A function of exactly `lines` lines, its signature and closing brace included. */
const functionOf = (lines: number) => `export function long(): void {\n${statements(lines - 2)}\n}\n`;

/** A suite's registration callback of `n` one-line checks, plus whatever `extra` statements it holds. */
const registration = (n: number, extra = '') =>
  "import { check, endpoint } from '../lib/check/check.js';\n" +
  "endpoint('GET /note/{note_id}', () => {\n" +
  extra +
  Array.from({ length: n }, (_, i) => `  check('note.get.record', 't${i}', async () => undefined);`).join('\n') +
  '\n});\n';

describe('npm run lint holds every product function to 60 lines', () => {
  for (const folder of ['lib/cli', 'bin', 'reference', 'fixtures', 'scripts', 'suites', 'suites/steps']) {
    it(`a function of 61 lines in ${folder}/ fails, one of 60 passes`, async () => {
      const file = `${folder}/zz-length-fixture.ts`;
      expect(await lengthErrors(functionOf(61), file)).toEqual([
        "Function 'long' has too many lines (61). Maximum allowed is 60.",
      ]);
      expect(await lengthErrors(functionOf(60), file)).toEqual([]);
    });
  }

  it('blank lines and comments are not counted; a method and an arrow function are', async () => {
    const padded = `export function long(): void {\n${statements(58)}\n\n  // why\n  /* and why */\n\n}\n`;
    expect(await lengthErrors(padded, 'lib/zz.ts')).toEqual([]);
    const method = `export class A {\n  m(): void {\n${statements(60, '    ')}\n  }\n}\n`;
    expect(await lengthErrors(method, 'lib/zz.ts')).toEqual([
      "Method 'm' has too many lines (62). Maximum allowed is 60.",
    ]);
    const arrow = `export const f = (): void => {\n${statements(60)}\n};\n`;
    expect(await lengthErrors(arrow, 'lib/zz.ts')).toEqual([
      'Arrow function has too many lines (62). Maximum allowed is 60.',
    ]);
  });

  it('a function that only returns a table of data is not logic; a table holding a function is', async () => {
    const rows = Array.from({ length: 70 }, (_, i) => `    { id: ${i}, path: \`/x/\${id}\` },`).join('\n');
    const table = `export function rows(id: string) {\n  const n = 1;\n  return [\n${rows}\n    { n },\n  ];\n}\n`;
    expect(await lengthErrors(table, 'lib/zz.ts')).toEqual([]);
    const withFunction = table.replace('{ n }', '{ n, f: () => n }');
    expect(await lengthErrors(withFunction, 'lib/zz.ts')).toHaveLength(1);
    const withLogic = table.replace('  const n = 1;', '  let n = 1;\n  n++;');
    expect(await lengthErrors(withLogic, 'lib/zz.ts')).toHaveLength(1);
  });

  it('in suites/, a registration callback that only registers checks is a table of checks', async () => {
    expect(await lengthErrors(registration(70), 'suites/zz.checks.ts')).toEqual([]);
    const loop =
      "  const rows = ['a', 'b'] as const;\n  for (const r of rows) {\n    check('note.get.record', r, async () => undefined);\n  }\n";
    expect(await lengthErrors(registration(70, loop), 'suites/zz.checks.ts')).toEqual([]);
  });

  it('a registration callback holding anything but registrations, or outside suites/, is held to 60', async () => {
    const logic = '  if (process.argv.length > 9) console.log(1);\n';
    expect(await lengthErrors(registration(70, logic), 'suites/zz.checks.ts')).toEqual([
      'Arrow function has too many lines (73). Maximum allowed is 60.',
    ]);
    expect(await lengthErrors(registration(70), 'lib/zz.ts')).toEqual([
      'Arrow function has too many lines (72). Maximum allowed is 60.',
    ]);
    const longBody = registration(1).replace('async () => undefined', `async () => {\n${statements(61, '    ')}\n  }`);
    expect(await lengthErrors(longBody, 'suites/zz.checks.ts')).toEqual([
      'Async arrow function has too many lines (63). Maximum allowed is 60.',
    ]);
  });
});
