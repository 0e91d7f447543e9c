import { main } from '../../bin/main.js';

/** A command line run in this process, through the composition root: exit status and every line it printed. */
export async function runInProcess(
  argv: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; lines: string[]; stderr: string }> {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await main(argv, { print: (l) => lines.push(l), error: (l) => errors.push(l), cwd });
  return { code, stdout: lines.join('\n'), lines, stderr: errors.join('\n') };
}
