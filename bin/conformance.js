#!/usr/bin/env node
// The suite is TypeScript end to end. Loading its few hundred modules through a TypeScript loader
// costs over a second before the first request, so the CLI runs from one bundle that esbuild builds
// into node_modules/.conformance/ on first use (about 0.3 s) and again whenever a source file is newer
// or an install changed node_modules. The bundle holds the packages too: undici alone is a hundred
// files, and resolving and loading them one by one cost 0.1 s of every run's start. It is CommonJS, run
// through node:vm with V8's code cache kept beside it (cli.cjs.*.v8cache, made by a run: runCached):
// Node 20 caches no module's compiled code, and compiling the 4 MB bundle's functions again cost a
// third of every start's CPU.
// Without esbuild, or where the bundle cannot be written, tsx's loader runs the sources directly.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
// two levels below the root, like lib/cli/: the modules find the root as '../../' from where they are
const BUNDLE = path.join(ROOT, 'node_modules', '.conformance', 'cli.cjs');
// V8 takes a code cache only from a process of the same flags: one per set of them. Node's --cpu-prof
// flags are none of V8's: a profiled run takes the cache of one not profiled (and a profile's own folder
// no longer leaves a cache of its own each time), so its profile shows the start a user's run has.
const CODE_CACHE = `${BUNDLE}.${createHash('sha256').update(v8Flags().join('\0')).digest('hex').slice(0, 8)}.v8cache`;
const SOURCES = ['lib', 'suites', 'reference', 'fixtures', 'bin'];

/** The process's flags, less Node's CPU profiler's (`--cpu-prof`, `--cpu-prof-dir DIR`, `--cpu-prof-name=N`, …). */
function v8Flags() {
  const out = [];
  for (let i = 0; i < process.execArgv.length; i++) {
    const flag = process.execArgv[i];
    if (!flag.startsWith('--cpu-prof')) out.push(flag);
    else if (flag !== '--cpu-prof' && !flag.includes('=')) i += 1;
  }
  return out;
}

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
        format: 'cjs',
        target: 'node20',
        // the modules find their files from their own URL: the bundle's, as an ES module bundle's would be
        define: { 'import.meta.url': '__bundleUrl' },
        banner: { js: "var __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
        logLevel: 'silent',
      });
      renameSync(partial, BUNDLE);
    }
    return runCached(BUNDLE, CODE_CACHE);
  } catch {
    return undefined;
  }
}

/**
 * What this process may make of the code cache: 'whole' for a run of every check (it compiles what a
 * run does), 'part' for a run of a selection, undefined for any other command, its help or its version.
 */
function cacheToMake(argv) {
  const [first] = argv;
  if (first !== undefined && !first.startsWith('-')) return undefined;
  if (argv.some((a) => /^(--help|--version|--list)(=|$)|^-h$/.test(a))) return undefined;
  const selection = ['ONLY', 'SKIP', 'SHARD', 'LEVEL'];
  if (argv.some((a) => /^--(only|skip|shard|level)(=|$)/.test(a))) return 'part';
  return selection.some((s) => process.env[`CONFORMANCE_${s}`]) ? 'part' : 'whole';
}

/**
 * Runs the CommonJS bundle `file` with V8's code cache `cache` (made by the run before, once its
 * functions had compiled, so the next start compiles none of them); a cache V8 rejects (another Node,
 * a new bundle) is made again. Returns the bundle's exports.
 */
function runCached(file, cache) {
  const code = readFileSync(file, 'utf8');
  // a run of a selection compiles less: its cache serves until a run of every check makes the whole one
  const partCache = cache.replace(/\.v8cache$/, '.part.v8cache');
  const from = [cache, partCache].find((f) => existsSync(f));
  const cachedData = from !== undefined ? readFileSync(from) : undefined;
  // on the bundle's first line: line numbers (stack traces, profiles) stay the bundle's own
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  const rejected = from !== undefined && script.cachedDataRejected;
  if (rejected) rmSync(from, { force: true });
  // made by a run only, once its functions have compiled: a cache made by `--version`, `--help` or
  // `serve` held half the code a run compiles (1.8 MB of 3.5), and every run after it compiled the rest
  // again (0.12 s of CPU a run)
  const made = cacheToMake(process.argv.slice(2));
  const fresh = from === undefined || rejected;
  const to = made === 'whole' && (fresh || from !== cache) ? cache : made === 'part' && fresh ? partCache : undefined;
  if (to !== undefined) {
    // written aside and renamed, as the bundle is
    process.once('beforeExit', () => {
      // a run that could not start (exit 2) compiled little more than its flags' parser
      if (Number(process.exitCode ?? 0) > 1) return;
      try {
        const partial = `${to}.${process.pid}.tmp`;
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, to);
      } catch {
        /* not kept: the next start compiles again */
      }
    });
  }
  return module.exports;
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
