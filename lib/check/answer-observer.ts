import type { Served } from '../target/target.js';
import type { Exchange } from '../http/exchange.js';
import { truncateBody } from '../evidence/truncate.js';
import { operationOf } from './finding.js';
import type { SpecJudges } from './judges.js';
import type { RunObserver, Seen, SeenFailure } from './seen.js';

export type { Seen, SeenFailure } from './seen.js';

/** Ways kept per key: past this, a server wrong everywhere is wrong enough to say so. */
const MAX_FAILURES = 20;

/**
 * The run's one observer of answers: every answer a check, a shared set-up, the fixtures check or a
 * probe reads passes here once (lib/check/check-client.ts), and the spec's judgement
 * (`SpecJudges.seen`) says what values it shows and what is wrong with each. A rule about a kind of
 * value is tested when a value of that kind was seen anywhere in the run: its check asks here
 * (`c.seen(key)`), and runs after every other check (`runLast`), so the whole run has been seen.
 * Keeps counts, the first exchange per key and one exchange per way a value was wrong (bodies cut as
 * the reports cut them): bounded whatever the server answers.
 */
export class AnswerObserver implements RunObserver {
  private readonly byKey = new Map<string, Seen>();
  private readonly judged = new WeakSet<Exchange>();

  constructor(private readonly server: Served & { judges: SpecJudges }) {}

  /** Judges one answer (a 2xx with a JSON body), once however often it is handed in. */
  see(ex: Exchange): void {
    if (this.judged.has(ex)) return;
    this.judged.add(ex);
    const r = ex.response;
    if (!r || r.status < 200 || r.status > 299 || r.json === undefined) return;
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
        if (known) known.count += 1;
        if (known || s.failures.length >= MAX_FAILURES) continue;
        const exchange = keep();
        s.failures.push({ attribute: v.attribute, way: p.way, violation: p.violation, exchange, operation, count: 1 });
      }
    }
  }

  /** What the run's answers showed of `key` so far. */
  seen(key: string): Seen {
    const s = this.byKey.get(key);
    return s ? { ...s, operations: [...s.operations], failures: s.failures.map((f) => ({ ...f })) } : empty();
  }

  /** Every way a value was wrong, of every key, as first met. */
  failures(): SeenFailure[] {
    return [...this.byKey.values()].flatMap((s) => s.failures.map((f) => ({ ...f })));
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
