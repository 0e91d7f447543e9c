import { runJob, type Job, type JobResult } from './jobs.js';

/**
 * A worker of `npm run verify` (test/verify/pool.ts): it loads the suite, the reference and the compiled
 * schemas once, then runs the jobs it is sent one after another in this process, answering each with
 * its result. A run in a process of its own paid a process start and a module load per run, about
 * half of each fault run's CPU.
 */
export interface JobMessage {
  n: number;
  job: Job;
}
export type ResultMessage = { n: number; result: JobResult } | { n: number; error: string };

process.on('message', (m: JobMessage) => {
  runJob(m.job).then(
    (result) => answer({ n: m.n, result }),
    (err: unknown) => answer({ n: m.n, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});

function answer(m: ResultMessage): void {
  process.send?.(m);
}
