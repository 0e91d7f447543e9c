import { waitText } from '../util/wait-text.js';
import type { ConformanceReport } from './conformance-json.js';

/** The title of the list of what a stopped run could not send, in every human report. */
export const NOT_SENT_TITLE = 'Not sent: the run had stopped';

/**
 * What a stopped run could not send (an archive of its own record, a read of a kept record after the
 * checks), one line each, `DELETE /account/9b5a…: the archive of a record the run made`, after the
 * line saying why (the run's stop: one cause, said once). `npx conformance cleanup` archives what is
 * left of the first kind.
 */
export function notSentLines(report: { run: Pick<ConformanceReport['run'], 'notSent'> }): {
  why: string[];
  lines: string[];
} {
  const all = report.run.notSent ?? [];
  const why = [...new Set(all.map((n) => n.why))];
  const lines = all.map((n) => `${n.request}: ${n.purpose}${why.length > 1 ? ` (${n.why})` : ''}`);
  return { why: why.length === 1 ? [`The run had stopped: ${why[0]!}.`] : [], lines };
}

/**
 * How the server's quota shaped the run, in one sentence, the same on the console and in every report
 * (the same waits in the same units, lib/util/wait-text.ts): its pauses, the quota the server
 * announced (its fields verbatim, then as read) apart from the rate the run measured and sent at, and
 * what the run did not take of what it said. Undefined when the quota did not shape the run.
 */
export function rateLimitLine(report: { run: Pick<ConformanceReport['run'], 'rateLimit'> }): string | undefined {
  const r = report.run.rateLimit;
  if (!r) return undefined;
  const parts = [
    r.pauses > 0
      ? `the run paused ${r.pauses} time${r.pauses === 1 ? '' : 's'}, ${waitText(r.waitedMs)} in all (the longest ${waitText(r.longestWaitMs)})`
      : 'the run did not pause',
  ];
  if (r.shed !== undefined)
    parts.push(
      // what the run saw, not a cause it cannot know: with no quota fields, a quota and load shedding look alike
      `${r.shed} 429${r.shed === 1 ? '' : 's'} with a short Retry-After and no quota fields, scattered among answers taken, each held only the request that got it (read as load shedding)`,
    );
  if (r.announced) parts.push(`the server announced ${announcedText(r.announced)}`);
  if (r.rate)
    parts.push(
      r.quota !== undefined
        ? `the run sent at the quota the server named (${r.quota})`
        : `the run sent at ${r.rate}, the rate it measured from the server's 429s`,
    );
  const notes = (r.notes ?? []).map((n) => ` Also: ${n}.`).join('');
  return `Rate limited: ${parts.join('; ')} (--max-wait ${waitText(r.maxWaitMs)}).${notes}`;
}

/** `ratelimit-limit: 300`, `ratelimit-reset: 60` (read as: a limit of 300, more in 60 s) */
function announcedText(a: NonNullable<NonNullable<ConformanceReport['run']['rateLimit']>['announced']>): string {
  const fields = Object.entries(a.fields)
    .map(([k, v]) => `\`${k}: ${v}\``)
    .join(', ');
  const read = [
    a.limit !== undefined
      ? `a limit of ${a.limit}${a.windowS !== undefined ? ` per ${waitText(a.windowS * 1000)}` : ''}`
      : '',
    a.remaining !== undefined ? `${a.remaining} left` : '',
    a.resetS !== undefined ? `more in ${waitText(a.resetS * 1000)}` : '',
  ].filter((x) => x !== '');
  return `${fields}${read.length > 0 ? ` (read as ${read.join(', ')})` : ''}`;
}
