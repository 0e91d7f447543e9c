import { ApiClient, type RefusalKind } from '../http/client.js';
import { serverSettings } from '../http/client-settings.js';
import type { Exchange } from '../http/exchange.js';
import { redactorFor } from '../redact/redactor-for.js';
import type { CreatedRecords } from '../safety/tracker.js';
import { SetupFailure } from './non-conformance.js';
import { RecordKept, type ContextParts } from './check-context.js';

/**
 * The check's client: as the client of lib/http, except that a DELETE of one of the check's own
 * records is not sent while --keep-failing keeps them (`holds`): it throws RecordKept instead.
 */
export class CheckClient extends ApiClient {
  holds: (method: string, path: string) => boolean = () => false;

  override send(method: string, path: string, o: Parameters<ApiClient['send']>[2] = {}): Promise<Exchange> {
    if (method.toUpperCase() === 'DELETE' && this.holds(method, path))
      return Promise.reject(new RecordKept(`not sent: DELETE ${path} (--keep-failing keeps the record)`));
    return super.send(method, path, o);
  }
}

/**
 * A check's client: its exchanges are the check's evidence and feed the ledger of what it made; the
 * run's budget and pace; --read-only, the kept records and the path guard; and a request the suite
 * must not send skips or blocks the check instead (never a finding about the server).
 */
export function checkClient(p: ContextParts, records: CreatedRecords): CheckClient {
  const { target } = p;
  // whose requests these are, as a rerun names a check (a set-up's: the check that asked for it)
  const by = p.askedBy ?? (p.title !== undefined ? { rule: p.rule, title: p.title } : undefined);
  const api = new CheckClient({
    ...serverSettings(target, redactorFor(target.keys)),
    onExchange: (ex, req) => {
      p.exchanges.push(ex);
      if (by) target.answers?.sentBy?.(ex, by);
      // every answer of the run, whoever asked: the run's observer judges each value it shows
      if (p.see) p.see(ex);
      else target.answers?.see(ex);
      // the end as the clock reads it now, not start + the exchange's rounded ms: that could land past
      // the next request's start, and a chain of dependent requests counted one short (lib/runner/chain.ts)
      p.spans.push({ start: req.startedMs, sent: req.sentMs, end: performance.now() });
      records.observe(ex, req.path, req.auth);
    },
    readOnly: target.readOnly,
    keptRecordOf: (method, path) => target.fixturesFile.keptRecordDeletedBy(target.fixtures, method, path),
    budget: p.budget,
    priority: p.priority,
    exempt: (method, path) => records.isArchiveOfOwn(method, path),
    pathGuard: (path) => records.unusableIdIn(path),
    refuse: (kind, message) => refused(p, kind, message),
    // a request that got no answer fails the check at once, "connection failed: …" (marked blocked),
    // whatever the check would have made of a missing response
    throwOnTransportError: true,
    onWait: (ms) => {
      if (p.waited) p.waited.ms += ms;
    },
  });
  // --keep-failing: a failing check's own records stay where they are, for its reproducers
  api.holds = (method, path) => p.keepRecords?.() === true && records.isArchiveOfOwn(method, path);
  return api;
}

/** A request the suite must never send is no finding about the server: the check is skipped or blocked, saying why. */
function refused(p: ContextParts, kind: RefusalKind, message: string): never {
  if (kind === 'read-only') p.skip(message, { key: '--read-only', kind: 'excluded' });
  if (kind === 'kept-record') p.skip(message);
  const answer = message.replace(/^blocked: /, '');
  if (kind === 'stopped') throw new SetupFailure(message, { step: 'the run', answer });
  if (kind === 'outside-base')
    throw new SetupFailure(message, { step: "a request path built from the server's values", answer });
  throw new SetupFailure(message, { step: '--max-requests', answer: answer.split(';')[0] ?? message });
}
