import type { Served } from '../target/target.js';
import { requestUrl, type Exchange, type ExchangeResponse } from '../http/exchange.js';
import { truncateBody } from '../evidence/truncate.js';
import { operationOf } from './finding.js';
import type { SpecJudges } from './judges.js';
import type { RunObserver, Seen, SeenErrors, SeenFailure } from './seen.js';
import type { ShownBy, Violation } from './outcome.js';
import { alsoShownBy } from './shown-by.js';

export type { Seen, SeenErrors, SeenFailure } from './seen.js';

/** Ways kept per key (per operation, of error bodies): past this, a server wrong everywhere is wrong enough. */
const MAX_FAILURES = 20;

/**
 * The run's one observer of answers: every answer the probe, the fixtures check, a check or a shared
 * set-up reads passes here once (lib/check/check-client.ts), and the spec's judgement
 * (`SpecJudges.seen`) says what values it shows and what is wrong with each. A rule about a kind of
 * value is tested when a value of that kind was seen anywhere in the run: its check asks here
 * (`c.seen(key)`), and runs after every other check (`runLast`), so the whole run has been seen.
 * Every error answer under the base URL is judged by the spec's error body (`SpecJudges.errorAnswer`),
 * filed by operation (`errorsAt`): the error body's rules are tested wherever the run met an error,
 * not only where a check chose to look.
 * Keeps counts, the first exchange per key and per operation, and one exchange per way a value or an
 * error body was wrong (bodies cut as the reports cut them), with who got the answers that showed that
 * way (`Violation.shownBy`, at most SHOWN_BY_MAX): bounded whatever the server answers (the operations
 * are the table's rows and one unstated route per method).
 */
export class AnswerObserver implements RunObserver {
  private readonly byKey = new Map<string, Seen>();
  private readonly byOperation = new Map<string, SeenErrors>();
  private readonly judged = new WeakSet<Exchange>();
  private readonly senders = new WeakMap<Exchange, ShownBy>();

  constructor(private readonly server: Served & { judges: SpecJudges }) {}

  /** Notes who got `ex`, a check or the fixtures check (before it is seen: a held answer is seen later). */
  sentBy(ex: Exchange, by: ShownBy): void {
    this.senders.set(ex, by);
  }

  /** Judges one answer (a 2xx with a JSON body, an error), once however often it is handed in. */
  see(ex: Exchange): void {
    if (this.judged.has(ex)) return;
    this.judged.add(ex);
    const r = ex.response;
    if (!r) return;
    this.seeAtOperation(ex, r);
    if (r.status < 200 || r.status > 299 || r.json === undefined) return;
    const values = this.server.judges.seen?.(r.json) ?? [];
    if (values.length === 0) return;
    const operation = operationOf(ex, this.server);
    let kept: Exchange | undefined;
    const keep = () => (kept ??= keptExchange(ex));
    const counted = new Set<string>();
    for (const v of values) {
      const s = this.entry(v.key);
      s.values += 1;
      if (!counted.has(v.key)) {
        counted.add(v.key);
        s.answers += 1;
        if (!s.operations.includes(operation)) s.operations.push(operation);
      }
      s.first ??= { exchange: keep(), operation };
      for (const p of v.problems) {
        const known = s.failures.find((f) => f.attribute === v.attribute && f.way === p.way);
        if (known) this.again(known, ex);
        if (known || s.failures.length >= MAX_FAILURES) continue;
        const exchange = keep();
        const violation = this.shownBy(ex, p.violation);
        s.failures.push({ attribute: v.attribute, way: p.way, violation, exchange, operation, count: 1 });
      }
    }
  }

  /** What the run's answers showed of `key` so far. */
  seen(key: string): Seen {
    const s = this.byKey.get(key);
    return s ? { ...s, operations: [...s.operations], failures: s.failures.map((f) => ({ ...f })) } : empty();
  }

  /** What the run's answers showed at `operation` of the error body, so far. */
  errorsAt(operation: string): SeenErrors {
    const s = this.byOperation.get(operation);
    return s ? { ...s, statuses: [...s.statuses], failures: s.failures.map((f) => ({ ...f })) } : emptyAt();
  }

  /** Every way a value or an error body was wrong, of every key and operation, as first met. */
  failures(): SeenFailure[] {
    return [...this.byKey.values(), ...this.byOperation.values()].flatMap((s) => s.failures.map((f) => ({ ...f })));
  }

  /**
   * An answer to a request under the base URL, at its operation; an error one judged by the error
   * body's rules. A HEAD answer carries no body by HTTP's own rule; a link the server gave (a
   * transcript's) is no route of the API.
   */
  private seeAtOperation(ex: Exchange, r: ExchangeResponse): void {
    if (ex.request.method.toUpperCase() === 'HEAD' || !underBase(ex, this.server.baseUrl)) return;
    const operation = operationOf(ex, this.server);
    let at = this.byOperation.get(operation);
    if (!at) this.byOperation.set(operation, (at = emptyAt()));
    at.answers += 1;
    at.firstAnswer ??= keptExchange(ex);
    const violations = r.status >= 400 ? this.server.judges.errorAnswer?.(r) : undefined;
    if (violations === undefined) return;
    at.errors += 1;
    if (!at.statuses.includes(r.status)) at.statuses.push(r.status);
    at.firstError ??= keptExchange(ex);
    for (const v of violations) {
      const way = v.problem ?? v.actual;
      const known = at.failures.find((f) => f.violation.rule === v.rule && f.way === way);
      if (known) this.again(known, ex);
      if (known || at.failures.length >= MAX_FAILURES) continue;
      const violation = this.shownBy(ex, v);
      at.failures.push({ attribute: '', way, violation, exchange: keptExchange(ex), operation, count: 1 });
    }
  }

  /** `v` naming who got `ex`, when it is known. */
  private shownBy(ex: Exchange, v: Violation): Violation {
    return alsoShownBy(v, this.senders.get(ex));
  }

  /** A way already met, shown again by `ex`: counted, and its sender named too (a new violation object). */
  private again(known: SeenFailure, ex: Exchange): void {
    known.count += 1;
    known.violation = alsoShownBy(known.violation, this.senders.get(ex));
  }

  private entry(key: string): Seen {
    let s = this.byKey.get(key);
    if (!s) {
      s = empty();
      this.byKey.set(key, s);
    }
    return s;
  }
}

/** An exchange as evidence keeps it: bodies cut at MAX_BODY_BYTES, the parsed body dropped. */
function keptExchange(ex: Exchange): Exchange {
  const request = { ...ex.request, ...(ex.request.body !== undefined ? { body: truncateBody(ex.request.body) } : {}) };
  const kept: Exchange = { ...ex, request };
  if (ex.response)
    kept.response = { status: ex.response.status, headers: ex.response.headers, text: truncateBody(ex.response.text) };
  return kept;
}

const empty = (): Seen => ({ values: 0, answers: 0, operations: [], failures: [] });
const emptyAt = (): SeenErrors => ({ answers: 0, errors: 0, statuses: [], failures: [] });

/** Whether the request went to the base URL's origin, at or below its path (not to a link the server gave). */
function underBase(ex: Exchange, baseUrl: string): boolean {
  const base = parsedBase(baseUrl);
  const url = requestUrl(ex.request);
  const path = base.pathname.replace(/\/+$/, '');
  return url.origin === base.origin && (url.pathname === path || url.pathname.startsWith(`${path}/`));
}

/** The base URL parsed, once per base URL (a run has one; a test a few). */
const parsedBases = new Map<string, URL>();
function parsedBase(baseUrl: string): URL {
  let base = parsedBases.get(baseUrl);
  if (base === undefined) {
    base = new URL(baseUrl);
    if (parsedBases.size >= 16) parsedBases.clear();
    parsedBases.set(baseUrl, base);
  }
  return base;
}
