import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The house rules of issue 19, read from the sources themselves: imports point down, no cycles.
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PRODUCT = ['lib', 'suites', 'builders', 'reference', 'bin'];

/**
 * The floors of the harness, lowest first. A module imports only from its own floor or below; the
 * composition root (bin/) sits above them all and alone knows both the harness and the suites.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['lib/util', 'lib/rules', 'lib/schemas', 'lib/operations', 'builders'],
  ['lib/target'],
  ['lib/config', 'lib/redact', 'lib/select'],
  ['lib/http'],
  ['lib/evidence', 'lib/safety'],
  ['lib/check'],
  ['lib/runner'],
  ['lib/steps', 'lib/init', 'lib/openapi', 'lib/baseline', 'lib/certificate'],
  ['lib/preflight', 'lib/coverage'],
  ['lib/report'],
  ['lib/diff', 'lib/matrix'],
  ['lib/cli'],
];

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

/** The floor of a module: its folder under lib/, or its top-level folder. */
function placeOf(file: string): string {
  const parts = file.split('/');
  return parts[0] === 'lib' ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
}

const floorOf = (place: string) => FLOORS.findIndex((f) => f.includes(place));

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

/** Imports from a floor to a higher one (or to suites/, bin/ from lib/). */
function upwardImports(graph: Map<string, string[]>): string[] {
  const upward: string[] = [];
  for (const [file, targets] of graph) {
    const from = placeOf(file);
    for (const target of targets) {
      const to = placeOf(target);
      if (from === to || from === 'bin') continue;
      // the checks use the harness, never the reports or the command line
      if (from === 'suites' && !['bin', 'lib/cli', 'lib/report', 'lib/diff'].includes(to)) continue;
      // the reference server is a separate implementation: it shares only the rule ids and the fixtures' shape
      if (from === 'reference' && (to === 'lib/rules' || to === 'lib/target')) continue;
      // the command line starts the embedded reference server
      if (from === 'lib/cli' && to === 'reference') continue;
      const low = floorOf(from);
      const high = floorOf(to);
      if (low < 0 || high < 0 || high > low) upward.push(`${file} → ${target}`);
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

  it('places every lib/ folder on a floor', () => {
    const places = new Set([...graph.keys()].filter((f) => f.startsWith('lib/')).map(placeOf));
    expect([...places].filter((p) => floorOf(p) < 0)).toEqual([]);
  });

  it('imports point down: no lib/ module imports suites/ or bin/, and no floor imports a higher one', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('sees an import that points up (the judge can fail)', () => {
    const wrong = new Map([
      ['lib/runner/x.ts', ['lib/report/y.ts']],
      ['lib/check/z.ts', ['suites/index.ts']],
    ]);
    expect(upwardImports(wrong)).toEqual(['lib/runner/x.ts → lib/report/y.ts', 'lib/check/z.ts → suites/index.ts']);
  });
});
