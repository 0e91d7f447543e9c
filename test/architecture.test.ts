import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { check } from '../lib/check/check.js';
import { RULES } from '../suites/spec/rules/catalogue.js';
import { ERROR_CODES } from '../suites/spec/schemas/errors/codes.js';
import { FIXTURES_SCHEMA } from '../fixtures/fixtures-file.schema.js';
import { OPERATIONS } from '../suites/spec/operations.js';

// The house rules, read from the sources themselves: lib/ is an engine that could check any HTTP API and
// imports nothing of the spec's knowledge; everything points down; no cycles.
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PRODUCT = ['lib', 'suites', 'fixtures', 'reference', 'bin'];

/**
 * The engine's floors, lowest first. A module of lib/ imports only from its own floor or below, and
 * never from the spec's knowledge (suites/, fixtures/), the reference server or the composition root
 * (bin/): what it knows of the API under test it is handed (lib/cli/spec.ts).
 */
const ENGINE_FLOORS: readonly (readonly string[])[] = [
  ['lib/util', 'lib/spec', 'lib/catalogue', 'lib/operations'],
  ['lib/target'],
  ['lib/config', 'lib/redact', 'lib/select'],
  ['lib/http'],
  ['lib/evidence', 'lib/safety'],
  ['lib/check'],
  ['lib/runner'],
  ['lib/baseline', 'lib/certificate'],
  ['lib/coverage'],
  ['lib/report'],
  ['lib/diff', 'lib/matrix'],
  ['lib/cli'],
];

/**
 * The spec's knowledge, lowest first: the spec itself (rules, schemas, operation table), the test data,
 * the steps, what the checks share, the init command and the checks. Each imports from its own floor or
 * below and from the engine's harness (never its reports or command line: only `init`, a command of
 * the CLI, uses the command line's pieces).
 */
const SPEC_FLOORS: readonly (readonly string[])[] = [
  ['suites/spec'],
  ['fixtures'],
  ['suites/steps'],
  ['suites/shared', 'suites/sweeps', 'suites/generated', 'suites/preflight'],
  ['suites/init'],
  ['suites'],
];

/** The engine's parts the spec's knowledge never imports. */
const ABOVE_THE_HARNESS = ['lib/report', 'lib/diff', 'lib/matrix', 'lib/cli'];

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(rel);
    return /\.(ts|js)$/.test(e.name) ? [rel] : [];
  });
}

/** Every relative import (static, dynamic, type-only) of every product module, as resolved paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of PRODUCT.flatMap(sources)) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const targets = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
      path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] as string)).replace(/\.js$/, '.ts'),
    );
    graph.set(file, targets);
  }
  return graph;
}

/** The place of a module: its folder under lib/ or suites/, `suites` for a check file, else its top-level folder. */
function placeOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'lib' || (parts[0] === 'suites' && parts.length > 2)) return `${parts[0]}/${parts[1]}`;
  return parts[0] as string;
}

const floorIn = (floors: readonly (readonly string[])[], place: string) => floors.findIndex((f) => f.includes(place));

/** One import cycle, as the chain of modules, or undefined (depth-first search, colouring). */
function firstCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

/** Whether a module at `from` may import one at `to` (different places). */
function allowed(from: string, to: string): boolean {
  if (from === 'bin') return true; // the composition root knows everything
  const engine = (p: string) => p.startsWith('lib/');
  if (engine(from)) {
    const low = floorIn(ENGINE_FLOORS, from);
    const high = floorIn(ENGINE_FLOORS, to);
    return low >= 0 && high >= 0 && high <= low;
  }
  // the reference server is a separate implementation: it shares only the rule ids and the fixtures' shape
  if (from === 'reference') return to === 'suites/spec' || to === 'fixtures';
  if (engine(to)) return !ABOVE_THE_HARNESS.includes(to) || (from === 'suites/init' && to === 'lib/cli');
  const low = floorIn(SPEC_FLOORS, from);
  const high = floorIn(SPEC_FLOORS, to);
  return low >= 0 && high >= 0 && high <= low;
}

/** Imports a module may not make: from a floor to a higher one, from lib/ to the spec, from the spec to the CLI. */
function upwardImports(graph: Map<string, string[]>): string[] {
  const upward: string[] = [];
  for (const [file, targets] of graph) {
    const from = placeOf(file);
    for (const target of targets) {
      const to = placeOf(target);
      if (from !== to && !allowed(from, to)) upward.push(`${file} → ${target}`);
    }
  }
  return upward;
}

describe('the house', () => {
  const graph = importGraph();

  it('finds the modules it judges (the graph is not empty)', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('lib/cli/main.ts')?.length).toBeGreaterThan(5);
  });

  it('has no import cycle', () => {
    expect(firstCycle(graph)).toBeUndefined();
  });

  it('finds a cycle when there is one (the search can fail)', () => {
    expect(
      firstCycle(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['a.ts']],
        ]),
      ),
    ).toEqual(['a.ts', 'b.ts', 'a.ts']);
  });

  it('places every folder of lib/, suites/ and fixtures/ on a floor', () => {
    const places = new Set([...graph.keys()].map(placeOf).filter((p) => !['bin', 'reference'].includes(p)));
    const floors = [...ENGINE_FLOORS, ...SPEC_FLOORS];
    expect([...places].filter((p) => floorIn(floors, p) < 0)).toEqual([]);
  });

  it('imports point down: lib/ imports nothing of suites/, fixtures/, reference/ or bin/, and no floor a higher one', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('sees an import that points up (the judge can fail)', () => {
    const wrong = new Map([
      ['lib/runner/x.ts', ['lib/report/y.ts']],
      ['lib/check/z.ts', ['suites/index.ts', 'fixtures/fixtures-file.ts', 'suites/spec/rules/catalogue.ts']],
      ['lib/cli/w.ts', ['reference/index.ts']],
      ['suites/steps/v.ts', ['suites/contacts.checks.ts', 'lib/report/console.ts']],
      ['suites/spec/u.ts', ['fixtures/builders/contact.ts']],
    ]);
    expect(upwardImports(wrong)).toEqual([
      'lib/runner/x.ts → lib/report/y.ts',
      'lib/check/z.ts → suites/index.ts',
      'lib/check/z.ts → fixtures/fixtures-file.ts',
      'lib/check/z.ts → suites/spec/rules/catalogue.ts',
      'lib/cli/w.ts → reference/index.ts',
      'suites/steps/v.ts → suites/contacts.checks.ts',
      'suites/steps/v.ts → lib/report/console.ts',
      'suites/spec/u.ts → fixtures/builders/contact.ts',
    ]);
  });
});

/**
 * The spec's own names: its rule ids, its error codes, its fixtures keys (bar the server and its keys,
 * which are the engine's settings) and the literal segments of its paths.
 */
function specVocabulary(): Set<string> {
  const settings = ['$schema', 'baseUrl', 'apiKey', 'otherOrgApiKey', 'readOnlyApiKey', 'allowHosts'];
  const words = new Set<string>([
    ...Object.keys(RULES),
    ...ERROR_CODES,
    ...Object.keys(FIXTURES_SCHEMA.properties).filter((k) => !settings.includes(k)),
  ]);
  for (const endpoint of Object.keys(OPERATIONS))
    for (const segment of endpoint.split(' ')[1]!.split('/'))
      if (segment !== '' && !segment.startsWith('{')) words.add(segment);
  return words;
}

/** The string literals of a module's code (comments left out) that are one of the spec's names, or a path of them. */
function spokenNames(code: string, vocabulary: ReadonlySet<string>): string[] {
  const bare = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const out: string[] = [];
  for (const m of bare.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
    const literal = m[1] ?? m[2] ?? m[3] ?? '';
    const segments = literal.startsWith('/') ? literal.split('/').filter(Boolean) : [literal];
    if (segments.length > 0 && segments.every((x) => vocabulary.has(x))) out.push(literal);
  }
  return out;
}

describe('the engine names nothing of the spec', () => {
  const vocabulary = specVocabulary();

  it('no module of lib/ holds a rule id, an error code, a fixtures key or a path of the spec in its code', () => {
    const spoken = sources('lib').flatMap((file) =>
      spokenNames(readFileSync(path.join(ROOT, file), 'utf8'), vocabulary).map((name) => `${file}: ${name}`),
    );
    expect(spoken).toEqual([]);
  });

  it('hears one (the judge can fail), and not in a comment', () => {
    const code = [
      "const rule = 'contact.patch.partial';",
      'const path = `/contact`;',
      "if (code === 'record_not_found') f.taskToArchive;",
      "// 'contact.patch.partial' in a comment is no code",
      "const word = 'note: the contact';",
    ].join('\n');
    expect(spokenNames(code, vocabulary)).toEqual(['contact.patch.partial', '/contact', 'record_not_found']);
  });

  it("takes the spec's rule ids as types: an unknown one does not compile (the judge is npm test's tsc)", () => {
    const register = () => {
      // @ts-expect-error a rule id the catalogue does not have
      check('contact.patch.no-such-rule', 'never registered', () => Promise.resolve());
    };
    expect(typeof register).toBe('function');
  });
});

/** The Spec and the pieces of it the engine is handed: no module of lib/ may keep one. */
const HANDED_DOWN = /\b(?:Spec|Catalogue|SpecJudges|OperationIndex|FixturesKnowledge)\b|catalogue/i;

/**
 * A module's top-level declarations (`let`, `var`, `const`, exported or not, comments left out, each to the
 * end of its line) that hold the Spec or a piece of it: a catalogue in a `let`, or a holder of one in a
 * `const` (`handedIn<Catalogue>(…)`, `{ catalogue: undefined as Catalogue | undefined }`).
 */
function heldPieces(code: string): string[] {
  const bare = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  return [...bare.matchAll(/^(?:export\s+)?(?:let|var|const)\s[^\n]*/gm)]
    .map((m) => m[0].trim())
    .filter((line) => HANDED_DOWN.test(line));
}

describe('the Spec is handed down, never held by a module', () => {
  it('no module of lib/ keeps the catalogue, the operations, the judgements or the fixtures file at its top level', () => {
    const held = sources('lib').flatMap((file) =>
      heldPieces(readFileSync(path.join(ROOT, file), 'utf8')).map((line) => `${file}: ${line}`),
    );
    expect(held).toEqual([]);
  });

  it('finds one (the judge can fail), and not in a comment or a function', () => {
    const code = [
      "const inUse = handedIn<Catalogue>('rule catalogue');",
      'export let catalogue: Readonly<Record<string, Rule>> | undefined;',
      'let spec: Spec | undefined;',
      '// let catalogue: Catalogue;',
      'export function ruleOf(catalogue: Catalogue, id: RuleId): Rule {',
      '  const rule = catalogue.rules[id];',
      '}',
      'let loaded: Promise<readonly Registered[]> | undefined;',
    ].join('\n');
    expect(heldPieces(code)).toEqual([
      "const inUse = handedIn<Catalogue>('rule catalogue');",
      'export let catalogue: Readonly<Record<string, Rule>> | undefined;',
      'let spec: Spec | undefined;',
    ]);
  });
});
