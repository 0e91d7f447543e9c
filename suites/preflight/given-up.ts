import type { ApiClient } from '../../lib/http/client.js';
import type { Preflight } from '../../lib/check/preflight.js';
import type { GivenUpPick } from './findings.js';
import { recordOf, valueOf, type ApiRecord } from '../spec/record.js';
import { recordViolations } from '../spec/record-violations.js';
import { domainNames } from '../steps/account.js';
import { otherDomains, tasksToArchive, type Fixtures } from '../../fixtures/fixtures-file.js';

/** A task read that shows the task as the spec shapes it, or undefined (no task read is stated). */
async function taskRead(api: ApiClient, id: string): Promise<ApiRecord | undefined> {
  const ex = await api.get(`/task/${id}`);
  const s = ex.response?.status;
  if (s === undefined || s < 200 || s > 299) return undefined;
  const r = recordOf(ex.response?.json);
  return r?.id === id && recordViolations('task', ex.response?.json).length === 0 ? r : undefined;
}

/**
 * The task of `taskToArchive` this run gives up: the first an earlier run has not archived, read one
 * after another (a task read is not a stated route: a server without one gives nothing to tell by, and
 * the first is taken unseen).
 */
export async function pickTaskToArchive(api: ApiClient, f: Fixtures): Promise<GivenUpPick | undefined> {
  const list = tasksToArchive(f);
  if (list.length === 0) return undefined;
  const usedUp: string[] = [];
  for (const [index, id] of list.entries()) {
    const task = await taskRead(api, id);
    if (task === undefined) return { value: id, index, count: list.length, usedUp, seen: false };
    const archived = valueOf(task, 'archived_at');
    if (archived === null || archived === undefined)
      return { value: id, index, count: list.length, usedUp, seen: true };
    usedUp.push(id);
  }
  return { index: list.length, count: list.length, usedUp, seen: true };
}

/** The `otherDomain` this run may remove: the first the account still shows (or the first, unseen). */
export function pickOtherDomain(f: Fixtures, account: ApiRecord | undefined): GivenUpPick | undefined {
  const list = otherDomains(f);
  if (list.length === 0) return undefined;
  if (account === undefined) return { value: list[0]!, index: 0, count: list.length, usedUp: [], seen: false };
  const present = domainNames(account);
  const index = list.findIndex((d) => present.includes(d.toLowerCase()));
  const usedUp = index < 0 ? list : list.slice(0, index);
  return index < 0
    ? { index: list.length, count: list.length, usedUp, seen: true }
    : { value: list[index]!, index, count: list.length, usedUp, seen: true };
}

const WHAT = {
  taskToArchive: { key: 'taskToArchive', thing: 'task', done: 'archived' },
  otherDomain: { key: 'accountWithDomains.otherDomain', thing: 'domain', done: 'removed' },
} as const;

/**
 * The console's warnings about the lists the user gave up: a check used the last value of one (the
 * next complete run needs another), or every value is used up (their checks skipped, saying so).
 */
export function givenUpWarnings(preflight: Preflight | undefined, used: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const [name, w] of Object.entries(WHAT) as Array<[keyof typeof WHAT, (typeof WHAT)[keyof typeof WHAT]]>) {
    const pick = preflight?.givenUp?.[name];
    if (pick === undefined) continue;
    // every value used up: whatever this run did, the next complete run needs another
    if (pick.value === undefined)
      out.push(
        `warning: ${w.key}: every ${w.thing} it lists (${pick.count}) is ${w.done} by earlier runs: add one that is not, for a complete run`,
      );
    else if (!used.has(w.key)) continue;
    else if (!pick.seen)
      // no read of it: whether an earlier run spent it cannot be seen, so no warning claims it
      out.push(
        `note: ${w.key}: this run used ${pick.value}; the server serves no read that shows whether a ${w.thing} is ${w.done}, so which ${w.thing}s earlier runs ${w.done} cannot be seen`,
      );
    else if (pick.index === pick.count - 1)
      out.push(
        `warning: ${w.key}: this run used the last ${w.thing} of the list (${pick.value}, ${pick.count} of ${pick.count}): add more ${w.thing}s to it, or the next run is incomplete`,
      );
  }
  return out;
}
