import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { opportunityAccount } from './steps/opportunity.js';
import { check, endpoint } from '../lib/check/check.js';
import type { Conformance } from '../lib/check/expect-conform.js';
import type { CheckContext } from '../lib/check/context.js';
import {
  holdTask,
  laterTasksToArchive,
  spendGivenUp,
  holdTaskToArchive,
  patchTaskStep,
  takeTask,
} from './steps/task.js';
import { valueOf, type ApiRecord } from './spec/record.js';
import { show } from '../lib/check/show.js';
import { throughArchivedRecordRead, throughUnstatedRecordRead } from './steps/unstated-route.js';
import { taskDisposition, taskPatchBody, taskTitle } from '../fixtures/builders/task.js';
import { PROVOKE, provoked } from './shared/provoke.js';

// The spec has no task create: every check writes the fixtures' task (the first of taskIds), one
// check at a time (suites/steps/task.ts), and compares only against what it wrote itself. There is no
// stated task read either, so where the server serves none, the state before a patch is taken from
// the answer to a first patch (of disposition, which the spec says is patchable).
// Only the status value COMPLETED is named; no other status value is ever sent or expected.

/** Attributes a patch of something else must leave as they were (those the record carries). */
const UNTOUCHED = [
  'title',
  'priority',
  'note',
  'status',
  'type',
  'source_type',
  'due_at',
  'is_private',
  'disposition',
  'owner_user_id',
  'created_at',
];

function expectUnchanged(e: Conformance, before: ApiRecord, after: ApiRecord, changed: string): void {
  if (after.id !== before.id) e.fail(`data.id ${before.id}`, `data.id ${show(after.id)}`);
  for (const name of UNTOUCHED) {
    if (name === changed || !(name in before.attributes)) continue;
    const [was, now] = [before.attributes[name], after.attributes[name]];
    if (!isDeepStrictEqual(now, was))
      e.fail(`${name} unchanged by a patch of ${changed} (${show(was)})`, `${name} ${show(now)}`);
  }
}

endpoint('PATCH /task/{task_id}', () => {
  check(
    'task.patch.record',
    'a disposition patch answers { data: task record } with the new disposition, other attributes unchanged',
    async (c) => {
      const id = await takeTask(c);
      // the state before: a task read where the server serves one (it is not a stated route), else
      // the answer to a first disposition patch (which then cannot show a patch clearing the rest;
      // the title and persistence checks below can)
      let before: ApiRecord | undefined;
      await throughUnstatedRecordRead(
        c,
        `/task/${id}`,
        'the task before a patch (compared with the patched task)',
        (r) => {
          before = r;
        },
      );
      before ??= c
        .expect(await c.api.patch(`/task/${id}`, taskPatchBody({ disposition: taskDisposition(c.faker, c.runId) })))
        .success()
        .record('task')
        .data();
      const disposition = taskDisposition(c.faker, c.runId);
      const e = c
        .expect(await c.api.patch(`/task/${id}`, taskPatchBody({ disposition })))
        .success()
        .record('task');
      const after = e.data();
      if (valueOf(after, 'disposition') !== disposition)
        e.fail(`disposition ${show(disposition)}`, `disposition ${show(after.attributes['disposition'])}`);
      expectUnchanged(e, before, after, 'disposition');
    },
    // the first of the checks that take turns on the task: their turns add up to the run's longest
    // chain, so it starts with the long sequences, and the others next (lib/runner/run-checks.ts)
    { startFirst: true },
  );

  check(
    'task.patch.record',
    'a title patch, when the server accepts it, answers the new title with other attributes unchanged',
    async (c) => {
      // The task patch attribute set beyond disposition is "not shown": a server may refuse title
      // (with the error body); one that accepts it must apply it, and only it.
      const id = await takeTask(c);
      const { record: before } = await patchTaskStep(c, id, { disposition: taskDisposition(c.faker, c.runId) });
      const title = taskTitle(c.faker, c.runId);
      const e = c.expect(await c.api.patch(`/task/${id}`, taskPatchBody({ title })));
      // the user's task gets its title back (the restore's answer is not judged)
      const was = before.attributes['title'];
      if (
        e.response.status >= 200 &&
        e.response.status <= 299 &&
        was &&
        !Array.isArray(was) &&
        typeof was.value === 'string'
      ) {
        c.cleanup(() => c.api.patch(`/task/${id}`, taskPatchBody({ title: was.value })));
      }
      if (e.response.status >= 400 && e.response.status <= 499) {
        e.rejected();
        c.observe(
          'task-patch',
          `PATCH /task/{id} with title was refused: HTTP ${e.response.status} (the task patch attribute set is not shown)`,
        );
        return;
      }
      e.success().record('task');
      const after = e.data();
      if (valueOf(after, 'title') !== title) e.fail(`title ${show(title)}`, `title ${show(after.attributes['title'])}`);
      expectUnchanged(e, before, after, 'title');
    },
  );

  check(
    'task.patch.record',
    "a patched disposition persists: the next patch's answer (and a task read, where served) still carries it",
    async (c) => {
      const id = await takeTask(c);
      const disposition = taskDisposition(c.faker, c.runId);
      const first = c.expect(await c.api.patch(`/task/${id}`, taskPatchBody({ disposition }))).success();
      if (valueOf(first.data(), 'disposition') !== disposition)
        first.fail(`disposition ${show(disposition)}`, `disposition ${show(first.data().attributes['disposition'])}`);
      await throughUnstatedRecordRead(c, `/task/${id}`, 'the patched disposition on a task read', (r, read) => {
        if (valueOf(r, 'disposition') !== disposition)
          read.fail(`disposition ${show(disposition)}`, `disposition ${show(r.attributes['disposition'])}`);
      });
      // a second patch of a stated status value shows the stored record through a stated route; but
      // completing a task has "other effects stated nowhere", so a disposition it changed is recorded
      const e = c.expect(await c.api.patch(`/task/${id}`, taskPatchBody({ status: 'COMPLETED' }))).success();
      const kept = valueOf(e.data(), 'disposition');
      if (kept !== disposition) {
        c.observe(
          'task-completion',
          `completing the task changed its disposition from ${show(disposition)} to ${show(kept)} (other effects of completing are stated nowhere)`,
        );
      }
    },
  );

  // "all writable fields optional": the two the spec names writable (status, to COMPLETED, and
  // disposition) in one patch, status first: a server that keeps only some of a patch's fields passed
  // the one-field patches above (the task is COMPLETED after a first run, so only a lost disposition shows)
  check(
    'task.patch.record',
    'a patch of status COMPLETED and disposition at once answers both, and a task read (where served) shows both',
    async (c) => {
      const id = await takeTask(c);
      const sent = { status: 'COMPLETED', disposition: taskDisposition(c.faker, c.runId) };
      const e = c
        .expect(await c.api.patch(`/task/${id}`, taskPatchBody(sent)))
        .success()
        .record('task');
      const judge = (r: ApiRecord, on: Conformance, where: string) => {
        for (const [name, value] of Object.entries(sent))
          if (valueOf(r, name) !== value)
            on.fail(`${name} ${show(value)} ${where}`, `${name} ${show(r.attributes[name])}`);
      };
      judge(e.data(), e, 'in the patch answer');
      await throughUnstatedRecordRead(c, `/task/${id}`, 'status and disposition patched together', (r, read) =>
        judge(r, read, 'on a task read after the patch'),
      );
    },
  );

  check('record.task.attributes', "a patched task is { data: task record } with the spec's value types", async (c) => {
    const id = await takeTask(c);
    c.expect(await c.api.patch(`/task/${id}`, taskPatchBody({ disposition: taskDisposition(c.faker, c.runId) })))
      .success()
      .record('task');
  });

  check(
    'task.patch.empty-attributes-422',
    'a patch with { attributes: {} } answers 422 with the error body',
    async (c) => {
      c.need(c.fixtures.taskIds?.[0], 'taskIds');
      // the provoked answer the error-body checks judge too (suites/shared/provoke.ts, sent once); a
      // patch with no attribute set changes nothing, so it needs no turn on the task
      c.expect(await provoked(c, PROVOKE.emptyTaskPatch))
        .status(422)
        .rejected();
    },
  );

  check(
    'task.patch.attributes-required',
    'a patch without attributes ({}) is rejected with the error body',
    async (c) => {
      const id = await takeTask(c);
      c.expect(await c.api.patch(`/task/${id}`, {})).rejected();
    },
  );

  check('task.status.completed', 'a patch with status COMPLETED answers the task with status COMPLETED', async (c) => {
    const id = await takeTask(c);
    // No other status value is named, so no stated write moves a task away from COMPLETED: after the
    // first run the fixture task is only COMPLETED → COMPLETED. Whether this run saw the move from
    // another status is recorded (the status before comes from a disposition patch's answer).
    const { record: before } = await patchTaskStep(c, id, { disposition: taskDisposition(c.faker, c.runId) });
    const was = valueOf(before, 'status');
    if (was === 'COMPLETED')
      c.observe(
        'task-status',
        'the task was already COMPLETED, and no stated write moves it away (only COMPLETED is named): the move from a non-completed status to COMPLETED was not exercised; name a task that is not completed first in taskIds to exercise it',
      );
    else c.observe('task-status', `the task moved from status ${show(was)} to COMPLETED`);
    const e = c.expect(await c.api.patch(`/task/${id}`, taskPatchBody({ status: 'COMPLETED' }))).success();
    const status = valueOf(e.data(), 'status');
    if (status !== 'COMPLETED') e.fail('status COMPLETED', `status ${show(e.data().attributes['status'])}`);
    await throughUnstatedRecordRead(c, `/task/${id}`, 'status COMPLETED on a task read', (r, read) => {
      if (valueOf(r, 'status') !== 'COMPLETED') read.fail('status COMPLETED', `status ${show(r.attributes['status'])}`);
    });
  });

  check(
    'task.status.completed',
    'a task already COMPLETED patched to COMPLETED again stays COMPLETED (from any status)',
    async (c) => {
      const id = await takeTask(c);
      await patchTaskStep(c, id, { status: 'COMPLETED' });
      const e = c.expect(await c.api.patch(`/task/${id}`, taskPatchBody({ status: 'COMPLETED' }))).success();
      const status = valueOf(e.data(), 'status');
      if (status !== 'COMPLETED') e.fail('status COMPLETED', `status ${show(e.data().attributes['status'])}`);
    },
  );
});

// "account and pipeline relationships are not patchable here". The names of those attributes on a
// task are not shown; account_id and pipeline_id are the names the spec gives such references
// elsewhere (opportunity create). "Not patchable" is read as for a contact's display_name ("not
// patchable"): the value is never stored, whether the patch is refused (as unknown or as not writable,
// any refusal with the error body) or answered 2xx with the value ignored. Sent only to taskToArchive,
// never to the user's taskIds, so a server that takes the write changes no task the user keeps.
endpoint('PATCH /task/{task_id}', () => {
  /** The patch is refused with the error body, or taken without the task showing `sent` anywhere. */
  async function expectNotPatched(c: CheckContext, name: string, sent: string): Promise<void> {
    const id = await holdTaskToArchive(c);
    const e = c.expect(await c.api.patch(`/task/${id}`, { attributes: { [name]: sent } }));
    if (e.response.status >= 400) {
      e.rejected();
      return;
    }
    const notHeld = (r: ApiRecord, on: Conformance, where: string) => {
      if (JSON.stringify(r.attributes).includes(sent))
        on.fail(`a task that does not hold the ${name} patched (${sent})`, `${where} ${show(r.attributes)}`);
    };
    notHeld(e.success().data(), e, 'the answer');
    await throughUnstatedRecordRead(c, `/task/${id}`, `whether the task holds the ${name} patched`, (r, on) =>
      notHeld(r, on, 'the task read'),
    );
  }

  check(
    'task.patch.relationships-not-patchable',
    'a task patch setting account_id (an account of this run) is refused with the error body, or ignored',
    async (c) => {
      // the account the run's opportunities are made on (shared): a refused patch names it, nothing more
      const account = await opportunityAccount(c);
      await expectNotPatched(c, 'account_id', account.id);
    },
  );

  check(
    'task.patch.relationships-not-patchable',
    'a task patch setting pipeline_id is refused with the error body, or ignored',
    async (c) => expectNotPatched(c, 'pipeline_id', randomUUID()),
  );
});

endpoint('DELETE /task/{task_id}', () => {
  check(
    'task.delete.archives',
    'DELETE answers 2xx, and the task shows a non-null archived_at where it can be read',
    async (c) => {
      // taskToArchive alone: DELETE archives it for good, so it is never a task other checks write;
      // taken once every other check has ended (a refused DELETE of theirs may name it)
      await c.target.lastChecks?.othersEnded;
      let id = await holdTaskToArchive(c);
      let archivedBefore: unknown;
      let readable = false;
      // a task this run's refused DELETEs archived (a server that wrongly took one: their checks found
      // it) is passed over for the next of the list the server shows unarchived
      for (const next of [id, ...laterTasksToArchive(c, id)]) {
        if (next !== id) await holdTask(c, next);
        id = next;
        archivedBefore = undefined;
        await throughArchivedRecordRead(c, `/task/${id}`, 'whether taskToArchive is already archived', (r) => {
          readable = true;
          archivedBefore = valueOf(r, 'archived_at');
        });
        if (archivedBefore === null || archivedBefore === undefined) break;
      }
      if (archivedBefore !== null && archivedBefore !== undefined) {
        c.skip(
          `taskToArchive ${id} is already archived (archived_at ${show(archivedBefore)}; an earlier run archives it): name a task that is not archived in taskToArchive`,
        );
      }
      await spendGivenUp(c, 'taskToArchive');
      const ex = await c.api.delete(`/task/${id}`);
      const status = ex.response?.status;
      // without a task read, a 404 or 410 cannot be told from a task an earlier run archived:
      // what a server answers to a DELETE of an archived task is not shown
      if (!readable && (status === 404 || status === 410)) {
        c.skip(
          `DELETE /task/{taskToArchive} answered HTTP ${status}: the task may not exist, or an earlier run archived it (the server serves no task read to tell): name a task that exists and is not archived in taskToArchive`,
        );
      }
      // what it wrote is answered: the read of the user's kept records may go beside its last read
      c.target.lastChecks?.onlyReads(c);
      const e = c.expect(ex).success();
      c.observe(
        'delete',
        `DELETE /task/{id} answered HTTP ${e.response.status} with ${e.response.text.length === 0 ? 'no body' : 'a body'}`,
      );
      await throughArchivedRecordRead(c, `/task/${id}`, 'archived_at of an archived task', (r, read) => {
        const at = valueOf(r, 'archived_at');
        if (at === null || at === undefined)
          read.fail('archived_at non-null after DELETE', `archived_at ${show(r.attributes['archived_at'])}`);
      });
    },
    // the task is given up for good: after every check that needs it to exist
    { spendsGivenUp: true },
  );
});
