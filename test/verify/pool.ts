import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cleanEnv } from '../support/cli.js';
import { failedJob, type Job, type JobResult } from './jobs.js';
import type { JobMessage, ResultMessage } from './worker.js';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** As long as one run in a child process may take (test/verify/detect.ts): past it the worker is ended. */
export const JOB_TIMEOUT_MS = 300_000;
/**
 * Runs a worker serves before a fresh one takes its place: what a run leaves behind in a process
 * (caches, the V8 heap grown by its largest answers) does not add up over the whole matrix.
 */
export const JOBS_PER_WORKER = 40;

/** What the worker wrote to stderr last: the reason a crash gives. */
const STDERR_TAIL = 2_000;

interface Worker {
  child: ChildProcess;
  served: number;
  stderr: string;
}

/**
 * `size` worker processes (test/verify/worker.ts), each running one job at a time in-process. A job
 * whose worker dies, or that overstays JOB_TIMEOUT_MS (the worker is then killed), has the outcome of a
 * run that wrote no report, with the reason; the next job gets a fresh worker.
 */
export function workerPool(
  size: number,
  o: { worker?: string; timeoutMs?: number } = {},
): { run: (job: Job) => Promise<JobResult>; close: () => void } {
  const idle: Worker[] = [];
  const waiting: Array<(w: Worker) => void> = [];
  let alive = 0;
  let n = 0;
  const spawnWorker = (): Worker => {
    const child = fork(o.worker ?? WORKER, [], {
      cwd: ROOT,
      env: cleanEnv(),
      // the suite's TypeScript through tsx's loader, as `npm run verify` itself runs
      execArgv: (o.worker ?? WORKER).endsWith('.ts') ? ['--import', 'tsx'] : [],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const w: Worker = { child, served: 0, stderr: '' };
    child.stderr?.on('data', (d: Buffer) => {
      w.stderr = (w.stderr + d.toString()).slice(-STDERR_TAIL);
    });
    alive += 1;
    return w;
  };
  const acquire = (): Promise<Worker> => {
    const w = idle.pop();
    if (w?.child.connected) return Promise.resolve(w);
    if (w) alive -= 1; // it died idle: one of size is free again
    if (alive < size) return Promise.resolve(spawnWorker());
    return new Promise((resolve) => waiting.push(resolve));
  };
  // a job waiting takes the worker freed (or a fresh one in place of one ended); else it waits idle
  const release = (w: Worker | undefined): void => {
    const next = waiting.shift();
    if (next) next(w ?? spawnWorker());
    else if (w) idle.push(w);
  };
  const end = (w: Worker): void => {
    w.child.kill('SIGKILL');
    alive -= 1;
  };
  const run = async (job: Job): Promise<JobResult> => {
    const w = await acquire();
    const started = Date.now();
    const out = await once(w, { n: ++n, job }, o.timeoutMs ?? JOB_TIMEOUT_MS);
    w.served += 1;
    if ('error' in out || w.served >= JOBS_PER_WORKER) {
      end(w);
      release(undefined);
    } else release(w);
    return 'error' in out ? failedJob(job, out.error, Date.now() - started) : out.result;
  };
  const close = (): void => {
    for (const w of idle.splice(0)) end(w);
  };
  return { run, close };
}

/** Sends one job and waits for its answer, the worker's exit, or the timeout, whichever comes first. */
function once(w: Worker, m: JobMessage, timeoutMs: number): Promise<ResultMessage> {
  return new Promise((resolve) => {
    const done = (r: ResultMessage): void => {
      clearTimeout(timer);
      w.child.off('message', onMessage);
      w.child.off('exit', onExit);
      resolve(r);
    };
    const onMessage = (r: ResultMessage): void => {
      if (r.n === m.n) done(r);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
      const tail = w.stderr.trim().split('\n').slice(-3).join(' | ');
      done({ n: m.n, error: `the worker exited (${signal ?? `exit ${String(code)}`})${tail ? `: ${tail}` : ''}` });
    };
    const timer = setTimeout(() => done({ n: m.n, error: `the run overstayed ${timeoutMs / 1000} s` }), timeoutMs);
    w.child.on('message', onMessage);
    w.child.on('exit', onExit);
    w.child.send(m);
  });
}
