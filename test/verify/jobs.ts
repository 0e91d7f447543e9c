import { FAULTS } from '../../reference/faults/registry.js';
import { VARIATIONS } from '../../reference/variations/registry.js';
import { detectFault, runSuite, type FaultOutcome } from './detect.js';
import { checkAllTogether, checkRunsInARow, checkVariation, type VariationOutcome } from './variations.js';

/** One run (or two, in a row) of `npm run verify`, named so it can be handed to a worker process. */
export type Job =
  | { kind: 'fault'; id: string }
  | { kind: 'alternate' }
  | { kind: 'variation'; id: string }
  | { kind: 'together' }
  | { kind: 'in-a-row' };

/** What the alternate profile's run showed: its failed checks as lines, or why it wrote no report. */
export interface AlternateOutcome {
  code: number | null;
  failed: string[];
  error?: string;
  ms: number;
}

export type JobResult =
  | { kind: 'fault'; outcome: FaultOutcome }
  | { kind: 'alternate'; outcome: AlternateOutcome }
  | { kind: 'variation'; outcome: VariationOutcome };

/**
 * Runs one job in this process (`inProcess`: through the composition root, as the fault and variation
 * tests do), with the same arguments and the same judgement as a run in a child process of its own.
 */
export async function runJob(job: Job): Promise<JobResult> {
  const how = { inProcess: true };
  switch (job.kind) {
    case 'fault':
      return { kind: 'fault', outcome: await detectFault(known(FAULTS, job.id), how) };
    case 'alternate': {
      const run = await runSuite(['--profile', 'alternate'], how);
      const failed = run.checks.filter((c) => c.status === 'failed').map((c) => `  ${c.id}: ${c.title}: ${c.message}`);
      return {
        kind: 'alternate',
        outcome: { code: run.code, failed, ms: run.ms, ...(run.error !== undefined ? { error: run.error } : {}) },
      };
    }
    case 'variation':
      return { kind: 'variation', outcome: await checkVariation(known(VARIATIONS, job.id), how) };
    case 'together':
      return { kind: 'variation', outcome: await checkAllTogether(how) };
    case 'in-a-row':
      return { kind: 'variation', outcome: await checkRunsInARow(undefined, how) };
  }
}

function known<T extends { id: string }>(list: readonly T[], id: string): T {
  const found = list.find((x) => x.id === id);
  if (found === undefined) throw new Error(`unknown id ${id}`);
  return found;
}

/** The outcome a job has when its worker could not say (it crashed, or the run overstayed). */
export function failedJob(job: Job, error: string, ms: number): JobResult {
  if (job.kind === 'fault') {
    const fault = known(FAULTS, job.id);
    const outcome: FaultOutcome = {
      id: fault.id,
      breaks: fault.breaks,
      code: null,
      detected: false,
      matched: [],
      otherRules: [],
      generated: false,
      ms,
      error,
    };
    return { kind: 'fault', outcome };
  }
  if (job.kind === 'alternate') return { kind: 'alternate', outcome: { code: null, failed: [], error, ms } };
  const id = job.kind === 'variation' ? job.id : job.kind;
  return { kind: 'variation', outcome: { id, code: null, passed: false, problems: [error], ms } };
}
