import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/conformance.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment a user would have: ours, less any CONFORMANCE_* setting. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('CONFORMANCE_')) env[k] = v;
  return { ...env, ...extra };
}

/** Runs `npx conformance …` as a user would, in its own process. */
export function runCli(
  args: string[],
  o: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    // its own process group: a run that overstays is killed with the server it started
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: o.cwd ?? process.cwd(),
      env: cleanEnv(o.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = setTimeout(() => {
      killGroup(child.pid);
      reject(new Error(`conformance ${args.join(' ')} timed out\n${stdout}\n${stderr}`));
    }, o.timeoutMs ?? 170_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** SIGKILL to a child's whole process group (it was spawned detached, so it leads one). */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}
