import { main } from '../../bin/main.js';
import type { CliResult } from './cli.js';

/**
 * A command line run in this process, through the composition root: exit status and every line it printed.
 * `env`: the environment a user would run it in, as runCli's (test/support/cli.ts): this process's, less any
 * CONFORMANCE_* setting, plus these; for the run only (a run reads the environment as it starts).
 */
export async function runInProcess(
  argv: string[],
  cwd: string,
  o: { env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: string; lines: string[]; stderr: string }> {
  const lines: string[] = [];
  const errors: string[] = [];
  const restore = o.env === undefined ? () => undefined : usingEnv(o.env);
  try {
    const code = await main(argv, { print: (l) => lines.push(l), error: (l) => errors.push(l), cwd });
    return { code, stdout: lines.join('\n'), lines, stderr: errors.join('\n') };
  } finally {
    restore();
  }
}

/**
 * runCli's stand-in (test/support/cli.ts), for a test of what a command does rather than of its process: the
 * same command line, working folder and environment, the same exit status and the text the process would have
 * written (each line and a line break), without a process start and a bundle load (0.3 to 0.7 CPU s a run).
 * Every command reads and writes its relative paths against `cwd` (test/cli-cwd.test.ts), as in a process there.
 */
export async function runCliInProcess(
  args: string[],
  o: { env?: Record<string, string>; cwd?: string } = {},
): Promise<CliResult> {
  const r = await runInProcess(args, o.cwd ?? process.cwd(), { env: o.env ?? {} });
  const text = (s: string[]) => s.map((l) => `${l}\n`).join('');
  return { code: r.code, stdout: text(r.lines), stderr: r.stderr === '' ? '' : `${r.stderr}\n` };
}

/** runs in this process with an environment of their own, and the CONFORMANCE_* settings they took away */
const using: { runs: number; extra: string; saved: Array<[string, string | undefined]> } = {
  runs: 0,
  extra: '{}',
  saved: [],
};

/**
 * process.env without its CONFORMANCE_* settings and with `extra`, until the function returned is called.
 * Runs at once (Promise.all) share it: the first takes the settings away, the last puts them back; at once,
 * they must want the same `extra`.
 */
function usingEnv(extra: Record<string, string>): () => void {
  const key = JSON.stringify(extra);
  if (using.runs > 0 && key !== using.extra)
    throw new Error('in-process runs at once must share one environment: run them one after the other');
  if (using.runs === 0) {
    using.extra = key;
    using.saved = Object.entries(process.env).filter(([k]) => k.startsWith('CONFORMANCE_') || k in extra);
    for (const [k] of using.saved) delete process.env[k];
    Object.assign(process.env, extra);
  }
  using.runs += 1;
  return () => {
    using.runs -= 1;
    if (using.runs > 0) return;
    for (const k of Object.keys(extra)) delete process.env[k];
    for (const [k, v] of using.saved) process.env[k] = v;
  };
}
