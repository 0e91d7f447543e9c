// Lint with type information (typescript-eslint), so a promise nobody awaits is an error: a missing
// `await` in a check passes silently otherwise. Formatting is Prettier's (.prettierrc), not lint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vitest from '@vitest/eslint-plugin';
import functionLength from './scripts/lint/function-length.js';

/** Functions of at most 60 lines (blank lines and comments aside); tables of data are not logic. */
const FUNCTION_LENGTH = { max: 60, skipBlankLines: true, skipComments: true, IIFEs: true };

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'conformance-report/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // kept on, and named here because they are why lint runs: a promise nobody awaits passes silently
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // numbers and booleans print as themselves in a message; objects still need show()/JSON
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // with noUncheckedIndexedAccess, `!` after a lookup the line itself guards is the idiom
      '@typescript-eslint/no-non-null-assertion': 'off',
      // `(line) => print(line)` returns print's void on purpose
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // `const { stage: _stage, ...rest } = body` leaves a field out on purpose
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Report files from older suite versions and server answers are read defensively: their types
      // state what a conforming writer produces, not what a file or a hostile server actually holds.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // Its fix strips the assertions that give parsed JSON the shape a check reads (`v as StageValue`
      // after `typeof v === 'object'`), leaving `object` or `any` behind.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // `json<T>()` and the schema helpers cast at the JSON boundary on purpose
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
      // cleanups, check bodies and preflight steps are awaited by contract, even when one needs no await
      '@typescript-eslint/require-await': 'off',
      // attributes are maps keyed by name: deleting a key is the operation
      '@typescript-eslint/no-dynamic-delete': 'off',
      // Prettier wraps code at 120; this holds comments to it too. A string stays whole, even a long
      // one (a check title, a failure message): grep finds a message only as it is printed.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  // No product function over 60 lines (scripts/lint/function-length.js: ESLint's max-lines-per-function, a
  // function that only returns a table of data aside). In suites/ a registration callback that only registers
  // checks (`endpoint('…', () => { check(…); check(…) })`, `group(…)`) is a table of checks, not a function to
  // shorten; each check body inside it is held to the limit on its own.
  {
    files: ['lib/**/*.ts', 'bin/**/*.ts', 'reference/**/*.ts', 'fixtures/**/*.ts', 'scripts/**/*.ts'],
    plugins: { house: { rules: { 'function-length': functionLength } } },
    rules: { 'house/function-length': ['error', FUNCTION_LENGTH] },
  },
  {
    files: ['suites/**/*.ts'],
    plugins: { house: { rules: { 'function-length': functionLength } } },
    rules: { 'house/function-length': ['error', { ...FUNCTION_LENGTH, checkTables: true }] },
  },
  // the launcher and a few scripts are plain JavaScript, outside the TypeScript project
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', URL: 'readonly', console: 'readonly' },
    },
  },
  {
    files: ['test/**/*.ts'],
    plugins: { vitest },
    rules: {
      ...vitest.configs.recommended.rules,
      // vitest's expect takes a message as its second argument
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      // titles built from a fault's or a variation's name
      'vitest/valid-title': ['error', { allowArguments: true }],
      // it.skipIf focuses the fault and variation matrices (FAULTS=…, VARIATIONS=…)
      'vitest/no-disabled-tests': 'off',
      // a test that branches on a check's kind asserts in each branch
      'vitest/no-conditional-expect': 'off',
      // a beforeAll that makes a run asserts the run was made
      'vitest/no-standalone-expect': ['error', { additionalTestBlockFunctions: ['beforeAll'] }],
      // helpers named expect*/assert* assert for the test
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assert*'] }],
    },
  },
);
