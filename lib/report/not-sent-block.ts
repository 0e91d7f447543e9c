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

/** How the server's quota shaped the run, in one sentence; undefined when it did not. */
export function rateLimitLine(report: Pick<ConformanceReport, 'run'>): string | undefined {
  const r = report.run.rateLimit;
  if (!r) return undefined;
  const paused =
    r.pauses > 0
      ? `the run paused ${r.pauses} time${r.pauses === 1 ? '' : 's'} for the server's quota, ${(r.waitedMs / 1000).toFixed(1)} s in all (the longest ${(r.longestWaitMs / 1000).toFixed(1)} s)`
      : 'the run sent at the pace the server named';
  return `Rate limited: ${paused}${r.quota ? `; quota ${r.quota}` : ''} (--max-wait ${Math.round(r.maxWaitMs / 1000)} s).`;
}
