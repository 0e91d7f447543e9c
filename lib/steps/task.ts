import type { CheckContext } from '../check/context.js';
import type { Exchange } from '../http/exchange.js';
import { holdRecord } from './record-lock.js';
import { setupRecord, type ApiRecord } from './record.js';

/**
 * The spec has no task create, so the task checks share one task the user names: the first of
 * fixtures `taskIds`. They take turns on it (lib/steps/record-lock.ts): a check holds the task from
 * the moment it takes it until it ends, and compares only against what it wrote itself. No check
 * ever archives it; the archive check has a task of its own (`taskToArchive`).
 */
export async function takeTask(c: CheckContext): Promise<string> {
  const id = c.need(c.fixtures.taskIds?.[0], 'taskIds');
  await holdRecord(c, `task:${id}`);
  return id;
}

/**
 * The task the archive check alone may archive (fixtures `taskToArchive`): DELETE archives it for
 * good, and what a server does with a later PATCH of an archived task is not shown, so it is never
 * one that other checks write.
 */
export function taskToArchive(c: CheckContext): string {
  const id = c.need(c.fixtures.taskToArchive, 'taskToArchive');
  if (c.fixtures.taskIds?.includes(id)) {
    c.need(undefined, 'taskToArchive (a task not listed in taskIds: the other task checks write those, and none of them may meet an archived task)');
  }
  return id;
}

/** PATCH /task/{id} as a step the check depends on (a non-2xx answer blocks the check). */
export async function patchTaskStep(c: CheckContext, id: string, attributes: Record<string, unknown>): Promise<{ ex: Exchange; record: ApiRecord }> {
  const ex = await c.api.patch(`/task/${id}`, { attributes });
  return { ex, record: setupRecord(c, ex, 'PATCH /task/{task_id}') };
}
