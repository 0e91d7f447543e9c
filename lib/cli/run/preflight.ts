import { RunStopped } from '../../http/run-stopped.js';
import { Interruption } from '../interrupt.js';
import { probe } from '../probe.js';
import { AnswerObserver } from '../../check/answer-observer.js';
import { PROBE } from '../../check/shown-by.js';
import { cleanupCommandFor } from './cleanup-lines.js';
import type { Connected } from './target.js';
import type { Teardown } from './teardown.js';

/** The run once the server has answered and its fixtures are checked; Ctrl-C is handled from here on. */
export interface Ready extends Connected {
  interruption: Interruption;
  /** the command that archives what the run made: said whenever the run may leave something */
  cleanupCommand: string;
}

/**
 * Phase 3, preflight: the probe (the server answers, each key is taken: exit 2 otherwise), and beside
 * it the fixtures check (a fixture the server does not have is the user's mistake: exit 2 before any
 * check). The fixtures check's reads go with the probe's (one round trip, not two); its writes wait for
 * the probe's answer and the reads' (suites/preflight/fixtures-check.ts), and from the probe's answer
 * on Ctrl-C archives what the run made. A probe that fails is the run's one cause, whatever the
 * fixtures check's reads met.
 */
export async function preflight(run: Connected, teardown: Teardown): Promise<Ready> {
  const { target, print } = run;
  // one observer of every answer the run reads, from the probe's first on (a rerun makes the probe too)
  const answers = (target.answers = new AnswerObserver(target));
  const cleanupCommand = cleanupCommandFor(target.ledgerFile ?? '', run.cwd);
  let interruption: Interruption | undefined;
  const seen = (ex: Parameters<AnswerObserver['see']>[0]) => {
    answers.sentBy(ex, PROBE);
    answers.see(ex);
  };
  const probed = probe(target, run.redactor, run.before, seen).then(() => {
    run.phases.end('probeMs');
    print(`run ${target.runId} · seed ${target.seed}`);
    interruption = new Interruption(run.pace, print, cleanupCommand);
    teardown.add(() => interruption?.dispose());
  });
  const [probeDone, fixturesDone] = await Promise.allSettled([probed, fixturesCheck(run, probed)]);
  if (probeDone.status === 'rejected') throw probeDone.reason;
  if (fixturesDone.status === 'rejected') throw fixturesDone.reason;
  run.phases.end('fixturesCheckMs');
  // what the fixtures check made is archived beside the first checks: answered before the run ends
  const archives = target.preflight?.archives;
  if (archives !== undefined) teardown.add(() => archives);
  return { ...run, interruption: interruption!, cleanupCommand };
}

/** The spec's fixtures check, and what it tells the user: the fixtures it checked, and its notes. */
async function fixturesCheck(
  { target, redactor, before, print, spec }: Connected,
  probed: Promise<void>,
): Promise<void> {
  try {
    target.preflight = await spec.fixturesCheck(target, redactor, before, probed);
  } catch (err) {
    // stopped (interrupted, or the server stopped cooperating): the checks that follow are each
    // refused their first request, so every report is written with them blocked under the one cause
    if (!(err instanceof RunStopped)) throw err;
  }
  // (said once the probe has said the run's id)
  await probed;
  if (target.preflight && target.preflight.checked.length > 0)
    print(`fixtures checked: ${target.preflight.checked.join(', ')}`);
  for (const note of target.preflight?.notes ?? []) print(note);
}
