import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from './support/cli.js';

const run = promisify(execFile);

// bin/conformance.js keeps V8's code cache of the CLI's bundle beside it, one per set of Node flags. Only a
// run makes it: a cache made by `--version` or `--help` holds half the code a run compiles, and every run
// after it compiled the rest again. A run of a selection makes one of its part, which serves until a run of
// every check makes the whole one. This file's processes run with a V8 flag of their own, so they read and
// make caches of their own, which it removes.
const FLAGS = ['--stack-trace-limit=17'];
const CACHE = path.join(
  path.dirname(BIN),
  '..',
  'node_modules',
  '.conformance',
  `cli.cjs.${createHash('sha256').update(FLAGS.join('\0')).digest('hex').slice(0, 8)}.v8cache`,
);
const PART = CACHE.replace(/\.v8cache$/, '.part.v8cache');
const dir = mkdtempSync(path.join(tmpdir(), 'conformance-code-cache-'));

const cli = (args: string[]) =>
  run(process.execPath, [...FLAGS, BIN, ...args], { cwd: dir, env: cleanEnv(), maxBuffer: 1 << 24 }).catch(
    (err: unknown) => err,
  );

afterAll(() => {
  for (const f of [CACHE, PART]) rmSync(f, { force: true });
  rmSync(dir, { recursive: true, force: true });
});

describe('the code cache of the CLI bundle', () => {
  it('is made by a run, not by --version, --help, another command or a run that could not start', async () => {
    for (const f of [CACHE, PART]) rmSync(f, { force: true });
    for (const args of [['--version'], ['--help'], ['rules'], ['--no-such-flag']]) {
      await cli(args);
      expect([existsSync(CACHE), existsSync(PART)], args.join(' ')).toEqual([false, false]);
    }
    // a selection's run: the cache of its part
    await cli(['--only', 'versioning', '--report-dir', path.join(dir, 'part')]);
    expect([existsSync(CACHE), existsSync(PART)]).toEqual([false, true]);
    // a run of every check: the whole one, which the next starts read
    await cli(['--report-dir', path.join(dir, 'whole')]);
    expect(existsSync(CACHE)).toBe(true);
  });
});
