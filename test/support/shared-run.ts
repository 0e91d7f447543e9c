import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { runCli, type CliResult } from './cli.js';
import { runInProcess } from './in-process.js';
import { suiteRunOf, type SuiteRun } from '../verify/detect.js';
import { claimed } from './pid-lock.js';

/**
 * One whole-suite run, made once per `vitest run` and shared by every test file that asks for the same
 * command line: a test that asserts a property of a run reads it from here instead of starting its own.
 * The first file to ask makes the run (the others wait for it); its report folder is then read-only for
 * all of them: a test that writes beside a report copies it first (copyRun).
 *
 * `how: 'cli'` runs `npx conformance` in a child process, as a user does (stdout, stderr and the exit
 * status are a user's); `'in-process'` runs the same command line through bin/main.ts in the worker,
 * without a process start and a bundle load.
 */
export interface SharedRun extends CliResult {
  /** how long the run took, for the file that made it */
  ms: number;
  /** the run's --report-dir: conformance.json, ledger.jsonl, report.html, … (do not write in it) */
  dir: string;
  /** a report file's text */
  read(name: string): string;
  /** conformance.json, parsed */
  report<T = Record<string, unknown>>(): T;
}

export interface SharedRunOptions {
  how?: 'cli' | 'in-process';
  /** added to the child's environment (cli only); part of what makes two runs the same */
  env?: Record<string, string>;
}

/** How long a file waits for a run another file is making before it gives up. */
const WAIT_MS = 600_000;

const inThisWorker = new Map<string, Promise<SharedRun>>();

/** The run of `npx conformance <args> --report-dir <its folder>`, made once per `vitest run`. */
export function sharedRun(args: readonly string[], o: SharedRunOptions = {}): Promise<SharedRun> {
  const how = o.how ?? 'cli';
  const env = o.env ?? {};
  const key = createHash('sha256').update(JSON.stringify({ how, args, env })).digest('hex').slice(0, 16);
  let run = inThisWorker.get(key);
  if (run === undefined) {
    run = made(path.join(sharedRoot(), key), args, how, env);
    inThisWorker.set(key, run);
  }
  return run;
}

/**
 * runSuite's answer (test/verify/detect.ts: the checks, the `run` block, the verdict) for a shared run:
 * for a test that judges a whole run's checks. `ms` is the time the shared run took, whoever made it.
 */
export async function sharedSuiteRun(args: readonly string[], o: SharedRunOptions = {}): Promise<SuiteRun> {
  const run = await sharedRun(args, o);
  return suiteRunOf(run.dir, run, run.ms);
}

/** A copy of a shared run's report folder, for a test that writes beside it (a rerun, a merge, a cleanup). */
export function copyRun(run: SharedRun, to: string): string {
  cpSync(run.dir, to, { recursive: true });
  return to;
}

let root: string | undefined;

/** The folder of this `vitest run`'s shared runs (test/support/global-setup.ts), or one of this worker's own. */
function sharedRoot(): string {
  if (root !== undefined) return root;
  let provided: string | undefined;
  try {
    provided = inject('sharedRunsDir');
  } catch {
    provided = undefined;
  }
  root = provided ?? mkdtempSync(path.join(tmpdir(), 'conformance-shared-runs-'));
  return root;
}

/** The run at `at`: made here when no other file holds it, else awaited until that file has made it. */
async function made(at: string, args: readonly string[], how: string, env: Record<string, string>): Promise<SharedRun> {
  const done = path.join(at, 'result.json');
  const lock = `${at}.lock`;
  const until = Date.now() + WAIT_MS;
  for (;;) {
    if (existsSync(done)) return loaded(at);
    if (claimed(lock)) {
      try {
        await make(at, args, how, env);
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      return loaded(at);
    }
    if (Date.now() > until) throw new Error(`a shared run of ${args.join(' ')} was not made within ${WAIT_MS} ms`);
    await sleep(100);
  }
}

/** Makes the run in a folder of its own, then renames its result into place: a reader never sees half of it. */
async function make(at: string, args: readonly string[], how: string, env: Record<string, string>): Promise<void> {
  rmSync(at, { recursive: true, force: true });
  mkdirSync(path.join(at, 'report'), { recursive: true });
  const dir = path.join(at, 'report');
  let r: CliResult;
  const started = Date.now();
  try {
    r =
      how === 'cli'
        ? await runCli([...args, '--report-dir', dir], { env, timeoutMs: 300_000 })
        : await runInProcess([...args, '--report-dir', dir], dir);
  } catch (err) {
    r = { code: null, stdout: '', stderr: err instanceof Error ? err.message : String(err) };
  }
  const partial = path.join(at, `result.${process.pid}.json`);
  writeFileSync(
    partial,
    JSON.stringify({ code: r.code, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - started }),
  );
  renameSync(partial, path.join(at, 'result.json'));
}

function loaded(at: string): SharedRun {
  const r = JSON.parse(readFileSync(path.join(at, 'result.json'), 'utf8')) as CliResult & { ms: number };
  const dir = path.join(at, 'report');
  const read = (name: string): string => readFileSync(path.join(dir, name), 'utf8');
  let report: unknown;
  return {
    ...r,
    dir,
    read,
    report<T>(): T {
      report ??= JSON.parse(read('conformance.json'));
      return report as T;
    },
  };
}
