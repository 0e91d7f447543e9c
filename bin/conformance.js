#!/usr/bin/env node
// The suite is TypeScript end to end. Loading its few hundred modules through a TypeScript loader
// costs over a second before the first request, so the CLI runs from one bundle that esbuild builds
// into node_modules/.conformance/ on first use (about 0.3 s) and again whenever a source file is newer
// or an install changed node_modules. The bundle holds the packages too: undici alone is a hundred
// files, and resolving and loading them one by one cost 0.1 s of every run's start.
// Without esbuild, or where the bundle cannot be written, tsx's loader runs the sources directly.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
// two levels below the root, like lib/cli/: the modules find the root as '../../' from where they are
const BUNDLE = path.join(ROOT, 'node_modules', '.conformance', 'cli.mjs');
const SOURCES = ['lib', 'suites', 'reference', 'fixtures', 'bin'];

/** The newest modification time of the sources the bundle is built from. */
function newestSource() {
  let newest = statSync(path.join(ROOT, 'package.json')).mtimeMs;
  // npm writes it on every install: a package the bundle holds may have changed
  const installed = path.join(ROOT, 'node_modules', '.package-lock.json');
  if (existsSync(installed)) newest = Math.max(newest, statSync(installed).mtimeMs);
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const dir of SOURCES) if (existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir));
  return newest;
}

async function bundled() {
  if (process.env.CONFORMANCE_NO_BUNDLE === '1') return undefined;
  try {
    if (!existsSync(BUNDLE) || statSync(BUNDLE).mtimeMs < newestSource()) {
      const { build } = await import('esbuild');
      mkdirSync(path.dirname(BUNDLE), { recursive: true });
      // written aside and renamed: runs started at once never load a half-written bundle
      const partial = `${BUNDLE}.${process.pid}.tmp`;
      await build({
        entryPoints: [path.join(ROOT, 'bin', 'main.ts')],
        outfile: partial,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        // the CommonJS packages inside an ES module bundle ask for `require` (of Node's own modules)
        banner: {
          js: "import { createRequire as __bundleRequire } from 'node:module';\nconst require = __bundleRequire(import.meta.url);",
        },
        logLevel: 'silent',
      });
      renameSync(partial, BUNDLE);
    }
    return await import(pathToFileURL(BUNDLE).href);
  } catch {
    return undefined;
  }
}

// `npx conformance rules | head` closes the pipe early: that is not an error.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  else throw err;
});
// An installed package ships its bundle, built at prepack (scripts/prepack.ts), and no sources.
const PACKED = path.join(ROOT, 'dist', 'bundle', 'cli.mjs');
const packed = !existsSync(path.join(ROOT, 'bin', 'main.ts')) && existsSync(PACKED);
let cli = packed ? await import(pathToFileURL(PACKED).href) : await bundled();
if (cli === undefined) {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('./main.ts');
}
const status = await cli.main(process.argv.slice(2));
// a run stopped by a signal (130, 143) has left requests it abandoned: they must not hold the process
if (status >= 128) process.exit(status);
process.exitCode = status;
