import type { CheckContext } from '../../lib/check/context.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { holdRecord } from '../../lib/runner/record-lock.js';
import { setupRecord } from './record.js';
import { recordOf, valueOf, type ApiRecord } from '../spec/record.js';
import { keptRecordChanged } from './kept-change.js';
import { taskDisposition } from '../../fixtures/builders/task.js';
import { tasksToArchive } from '../../fixtures/fixtures-file.js';

/**
 * The spec has no task create, so the task checks share one task the user names: the first of
 * fixtures `taskIds`. They take turns on it (lib/runner/record-lock.ts): a check holds the task from
 * the moment it takes it until it ends, and compares only against what it wrote itself. No check
 * ever archives it; the archive check has a task of its own (`taskToArchive`).
 */
export async function takeTask(c: CheckContext): Promise<string> {
  const id = c.need(c.fixtures.taskIds?.[0], 'taskIds');
  await holdRecord(c, `task:${id}`);
  return id;
}

/**
 * The task the archive check alone may archive (fixtures `taskToArchive`, one per complete run): the
 * first of the list an earlier run has not archived, as the fixtures check found it. DELETE archives it
 * for good, and what a server does with a later PATCH of an archived task is not shown, so it is never
 * one that other checks write.
 */
export function taskToArchive(c: CheckContext): string {
  const list = tasksToArchive(c.fixtures);
  if (list.length === 0) c.need(undefined, 'taskToArchive');
  const overlap = list.find((t) => c.fixtures.taskIds?.includes(t));
  if (overlap !== undefined)
    c.unfit(
      'taskToArchive',
      `it lists ${overlap}, also in taskIds: the other task checks write those, and none of them may meet an archived task`,
    );
  const pick = c.target.preflight?.givenUp?.taskToArchive;
  if (pick !== undefined && pick.value === undefined)
    c.unfit(
      'taskToArchive',
      `every task it lists (${pick.count}) is archived, by earlier runs: add a task that is not archived (one per complete run)`,
    );
  return pick?.value ?? list[0]!;
}

/** PATCH /task/{id} as a step the check depends on (a non-2xx answer blocks the check). */
export async function patchTaskStep(
  c: CheckContext,
  id: string,
  attributes: Record<string, unknown>,
): Promise<{ ex: Exchange; record: ApiRecord }> {
  const ex = await c.api.patch(`/task/${id}`, { attributes });
  return { ex, record: setupRecord(c, ex, 'PATCH /task/{task_id}') };
}

/**
 * taskToArchive for a check whose DELETE of it must be refused: the task the user gave up, held so
 * that it never runs beside the archive check (whose DELETE it would race).
 */
export async function holdTaskToArchive(c: CheckContext): Promise<string> {
  const id = taskToArchive(c);
  await holdRecord(c, `task:${id}`);
  return id;
}

/**
 * The disposition the task has now: from a task read where the server serves one (not a stated
 * route); else, outside --read-only, from the answer to a disposition patch of the run's own (a
 * write the task checks make anyway). Undefined when neither can tell.
 */
export async function taskDispositionNow(c: CheckContext, id: string): Promise<unknown> {
  const read = await c.api.get(`/task/${id}`);
  const s = read.response?.status;
  const r = s !== undefined && s >= 200 && s <= 299 ? recordOf(read.response?.json) : undefined;
  if (r?.id === id) return valueOf(r, 'disposition');
  if (c.target.readOnly) return undefined;
  const { record } = await patchTaskStep(c, id, { disposition: taskDisposition(c.faker, c.runId) });
  return valueOf(record, 'disposition');
}

/**
 * A refusal probe's disposition patch went through on the user's task: put the disposition back
 * with organization A's key, check the answer shows it back, and report the change either way.
 */
export async function putBackTaskDisposition(
  c: CheckContext,
  id: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  const change = { key: 'taskIds[0]', type: 'task', id, field: 'disposition', before, after };
  if (typeof before !== 'string' && before !== null) {
    const how = 'its disposition before is unknown (the server serves no task read): set it back in the product';
    keptRecordChanged(c, { ...change, restored: false, how });
    return;
  }
  const ex = await c.api.patch(`/task/${id}`, { attributes: { disposition: before } });
  const s = ex.response?.status;
  const r = s !== undefined && s >= 200 && s <= 299 ? recordOf(ex.response?.json) : undefined;
  const back = r !== undefined && valueOf(r, 'disposition') === before;
  keptRecordChanged(c, {
    ...change,
    restored: back,
    how: back
      ? `put back with PATCH /task/${id} (organization A's key)`
      : `PATCH /task/${id} ${JSON.stringify({ attributes: { disposition: before } })} answered HTTP ${s ?? 'nothing'}: ` +
        "send it with organization A's key, or set it back in the product",
  });
}

/**
 * Before a check spends what the user gave up (`taskToArchive`, `accountWithDomains.otherDomain`):
 * such a check spends after every other has ended (`spendsGivenUp`), and spends nothing when the run is incomplete
 * anyway for lack of an input (a MUST check skipped naming it): the value is kept for a run that can
 * be complete, and the check skips saying so.
 */
export async function spendGivenUp(c: CheckContext, key: string): Promise<void> {
  // the check started beside the run-last checks: it spends once they, and every other, have ended
  await c.target.beforeSpending;
  // what it gave up itself is no other input: the check says so itself (every task archived, say)
  const lacked = (c.target.lackedBeforeSpending ?? []).filter((k) => k !== key && !key.startsWith(`${k}.`));
  if (lacked.length === 0) {
    // the console's warning about the list (the last value used) is about what a run spent
    c.target.givenUpUsed?.add(key);
    return;
  }
  c.skip(
    `not spent: this run is incomplete anyway (MUST checks skipped for lack of ${lacked.map((k) => `\`${k}\``).join(', ')}), so ${key} is kept for a run that can be complete; supply those and run again`,
    { key: lacked[0]!, kind: 'missing' },
  );
}

/** The tasks of taskToArchive after `id`, in the list's order: the next the archive check may take. */
export function laterTasksToArchive(c: CheckContext, id: string): string[] {
  const list = tasksToArchive(c.fixtures);
  const at = list.indexOf(id);
  return at < 0 ? [] : list.slice(at + 1).filter((t) => !(c.fixtures.taskIds ?? []).includes(t));
}

/** Holds a task of the fixtures for the check (checks that write one take turns). */
export async function holdTask(c: CheckContext, id: string): Promise<void> {
  await holdRecord(c, `task:${id}`);
}
