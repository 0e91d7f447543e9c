import type { CheckContext } from '../check/context.js';
import type { Exchange } from '../http/exchange.js';
import { setupRecord, type ApiRecord } from './record.js';

/**
 * The spec has no task create, so the checks share the tasks the user names in fixtures `taskIds`.
 * Checks run concurrently, in several worker processes, so there is no counter to hand ids out:
 * every check that writes a task names a fixed slot here, and a slot is a fixed index into the list.
 *
 * - index 0 is left alone: other suites (error provocations) send requests to `taskIds[0]` that a
 *   conforming server rejects, and a check of ours must not race them;
 * - PATCH checks take indexes 1, 2, … in the order of FRONT_SLOTS;
 * - the last RESERVED_AT_END ids are for checks whose writes must be refused (authorization,
 *   isolation: `refusedWriteTask`); they read them before and after and expect them unchanged,
 *   so no check that writes may take them;
 * - DELETE checks take the indexes just before those (BACK_SLOTS[0] is the last id but
 *   RESERVED_AT_END, and so on), so an archived task is never one a patch check expects to be
 *   active, whatever the list's length.
 *
 * When the list is too short for every slot to be distinct, a check is skipped with a reason
 * naming `taskIds` and the length needed, never given a task another check also writes.
 */
const FRONT_SLOTS = [
  'patch.disposition',
  'patch.title',
  'patch.persists',
  'patch.record-shape',
  'patch.empty-attributes',
  'patch.attributes-missing',
  'status.completed',
  'status.completed-again',
  'record.envelope',
  'record.record-type',
  'write.raw-value',
  'write.enveloped-value',
  'write.attributes-only',
] as const;
const BACK_SLOTS = ['delete.archives'] as const;
const RESERVED_AT_END = 2;

export type TaskSlot = (typeof FRONT_SLOTS)[number] | (typeof BACK_SLOTS)[number];

/** How many task ids the fixtures must list for every slot to get its own task (reserved ids included). */
export const TASK_IDS_NEEDED = 1 + FRONT_SLOTS.length + BACK_SLOTS.length + RESERVED_AT_END;

/** The index of a slot in a list of `length` ids. */
export function taskSlotIndex(slot: TaskSlot, length: number): number {
  const front = (FRONT_SLOTS as readonly string[]).indexOf(slot);
  return front >= 0 ? 1 + front : length - 1 - RESERVED_AT_END - (BACK_SLOTS as readonly string[]).indexOf(slot);
}

/** The task this check owns; skips (naming `taskIds`) when the fixtures list too few. */
export function takeTask(c: CheckContext, slot: TaskSlot): string {
  const ids = c.need(c.fixtures.taskIds, 'taskIds');
  if (ids.length < TASK_IDS_NEEDED) {
    c.need(undefined, `taskIds (${TASK_IDS_NEEDED} distinct task ids are needed so that each task check writes its own task; ${ids.length} given)`);
  }
  const id = ids[taskSlotIndex(slot, ids.length)];
  return c.need(id, 'taskIds');
}

/** The two reserved tasks: one for the read-only key's refused writes, one for organization B's. */
export type RefusedWriteTaskSlot = 'authorization' | 'isolation';

/** A task that a check's writes must leave unchanged (their refusal is what is checked). */
export function refusedWriteTask(c: CheckContext, who: RefusedWriteTaskSlot): string {
  const ids = c.need(c.fixtures.taskIds, 'taskIds');
  if (ids.length < TASK_IDS_NEEDED) {
    c.need(undefined, `taskIds (${TASK_IDS_NEEDED} distinct task ids are needed so that each task check writes its own task; ${ids.length} given)`);
  }
  return c.need(ids[ids.length - (who === 'authorization' ? 1 : 2)], 'taskIds');
}

/** PATCH /task/{id} as a step the check depends on (a non-2xx answer blocks the check). */
export async function patchTaskStep(c: CheckContext, id: string, attributes: Record<string, unknown>): Promise<{ ex: Exchange; record: ApiRecord }> {
  const ex = await c.api.patch(`/task/${id}`, { attributes });
  return { ex, record: setupRecord(c, ex, 'PATCH /task/{task_id}', 'the task.patch.record checks') };
}
