import { main } from '../../bin/main.js';

/**
 * A command line run in this process, through the composition root: exit status and every line it printed.
 * `env`: the environment a user would run it in, as runCli's (test/support/cli.ts): this process's, less any
 * CONFORMANCE_* setting, plus these; set for the run only (a run reads the environment once, as it starts; the
 * files of a worker run one at a time, so no other file's run sees it).
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

/** process.env without its CONFORMANCE_* settings and with `extra`, until the function returned is called. */
function usingEnv(extra: Record<string, string>): () => void {
  const saved = Object.entries(process.env).filter(([k]) => k.startsWith('CONFORMANCE_') || k in extra);
  for (const [k] of saved) delete process.env[k];
  Object.assign(process.env, extra);
  return () => {
    for (const k of Object.keys(extra)) delete process.env[k];
    for (const [k, v] of saved) process.env[k] = v;
  };
}
