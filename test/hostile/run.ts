import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanEnv, killGroup } from '../support/cli.js';

const MEASURED = fileURLToPath(new URL('./measured-cli.mjs', import.meta.url));

export interface MeasuredRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** the child's memory high-water mark, in bytes */
  maxRss: number;
}

/** `npx conformance …` in a child process of its own; `onStdout` sees its output as it comes (to send a signal). */
export function runMeasured(
  args: string[],
  o: {
    cwd: string;
    env?: Record<string, string>;
    timeoutMs?: number;
    onStdout?: (all: string, pid: number) => void;
  } = { cwd: process.cwd() },
): Promise<MeasuredRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MEASURED, ...args], {
      cwd: o.cwd,
      env: cleanEnv(o.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (child.pid !== undefined) o.onStdout?.(stdout, child.pid);
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = setTimeout(() => {
      killGroup(child.pid);
      reject(new Error(`conformance ${args.join(' ')} overstayed\n${stdout}\n${stderr}`));
    }, o.timeoutMs ?? 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const kb = /maxRSS_KB=(\d+)/.exec(stderr);
      resolve({
        code,
        signal,
        stdout,
        stderr: stderr.replace(/\nmaxRSS_KB=\d+\n$/, ''),
        maxRss: kb ? Number(kb[1]) * 1024 : Number.NaN,
      });
    });
  });
}

export interface ReportCheck {
  id: string;
  status: string;
  message: string;
  blockedBy?: { step: string; answer: string };
  requests?: number;
}

/** The run's conformance.json. */
export function reportOf(dir: string): {
  verdict?: string;
  summary: Record<string, number>;
  checks: ReportCheck[];
  certificate: { verdict: string };
  run: Record<string, unknown>;
  leftovers: unknown[];
} {
  return JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as ReturnType<typeof reportOf>;
}
