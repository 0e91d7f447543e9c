import { makeContext, type CheckContext, type RequestSpan } from '../check/context.js';
import type { Finding } from '../check/finding.js';
import type { Observation } from '../check/outcome.js';
import type { RuleId } from '../spec/register.js';
import type { Exchange } from '../http/exchange.js';
import type { RequestBudget } from '../http/request-budget.js';
import type { RunTarget } from '../check/run-target.js';
import { CheckSkipped } from './check-skipped.js';
import { runCleanups } from '../check/cleanups.js';

/**
 * Run-scoped set-up: records several read-only checks share, made once per run on first use and
 * archived once, when the run ends. Built on the same context as a check's, so every create goes into
 * the cleanup ledger as it is answered (an interrupted run leaves its cleanup command), and a shard or
 * an --only that selects none of the checks needing a set-up never makes it. A set-up that fails,
 * blocks or skips ends every check that asked for it the same way (one cause: reported once).
 * Only for records the checks then read: a check that writes makes its own or holds a lock.
 */
/** The records a set-up made: archived when the run ended, or kept (--keep-failing). */
export interface SetupRecords {
  archived: Array<{ type: string; id: string }>;
  kept: Array<{ type: string; id: string }>;
}

export class RunSetups {
  private readonly made = new Map<string, Promise<unknown>>();
  /** each set-up's cleanups, by its key, in the order the set-ups were first asked for */
  private readonly cleanups = new Map<string, Array<() => Promise<unknown>>>();
  /** the set-ups each set-up was made of (asked for while it was made): archived after it */
  private readonly madeOf = new Map<string, Set<string>>();
  /** how many requests each set-up had sent when the checks ended: its archive is on no check's path */
  private readonly beforeClose = new Map<string, number>();
  /** each set-up's requests and when each was sent, by its key, in the order the set-ups were first asked for */
  private readonly sent = new Map<string, { exchanges: Exchange[]; spans: RequestSpan[] }>();
  readonly observations: Observation[] = [];
  /** the ids of the records the set-ups made: shared, so no check records or archives one (they archive them) */
  readonly recordIds = new Set<string>();
  /**
   * the ids any create of the run answered with that go into no path (not a uuid, or not the run's
   * own), and why: run-wide, so a check never sends a path naming one a set-up's create answered
   */
  readonly unusableIds = new Map<string, string>();

  /** set-ups a failing check judged under --keep-failing: their records stay, for its reproducers */
  private readonly keptKeys = new Set<string>();
  /** what became of each set-up's records when the run ended (archived, or kept) */
  private readonly recordsByKey = new Map<string, SetupRecords>();
  /** the archive, once begun: a set-up asked for after it would hand out records being archived */
  private closing?: Promise<void>;

  constructor(private readonly run: { target: RunTarget; budget: RequestBudget }) {}

  /** --keep-failing: the records of set-up `key` stay in place when the run ends (a failing check judged it). */
  keep(key: string): void {
    this.keptKeys.add(key);
  }

  /** What became of the records of the set-ups `keys` (known once `close` ran). */
  recordsOf(keys: readonly string[]): SetupRecords {
    const of = keys.map((k) => this.recordsByKey.get(k) ?? { archived: [], kept: [] });
    return { archived: of.flatMap((r) => r.archived), kept: of.flatMap((r) => r.kept) };
  }

  /** every request the set-ups sent, for the report (no check counts them as its own) */
  get exchanges(): Exchange[] {
    return [...this.sent.values()].flatMap((s) => s.exchanges);
  }

  /** when each was sent, index for index with `exchanges` (for --har) */
  get spans(): RequestSpan[] {
    return [...this.sent.values()].flatMap((s) => s.spans);
  }

  /** the requests each set-up sent (its archive when the run ends included), by its key: what each costs */
  requestsByKey(): Record<string, number> {
    return Object.fromEntries([...this.sent].map(([key, s]) => [key, s.exchanges.length]));
  }

  /**
   * The requests set-up `key` sent before the checks ended, and those of the set-ups it was made of: what
   * a check that asked for it waited on (its archive, when the run ends, is on no check's path).
   */
  spansOf(key: string, seen: ReadonlySet<string> = new Set()): RequestSpan[] {
    const spans = this.sent.get(key)?.spans ?? [];
    const next = new Set([...seen, key]);
    const parts = [...(this.madeOf.get(key) ?? [])].filter((p) => !next.has(p));
    return [
      ...spans.slice(0, this.beforeClose.get(key) ?? spans.length),
      ...parts.flatMap((p) => this.spansOf(p, next)),
    ];
  }

  /**
   * The set-up `key`, made by `make` the first time a check asks (with that check's rule; its title
   * names the check that made the set-up's requests, for a rerun).
   */
  shared<T>(key: string, rule: RuleId, make: (c: CheckContext) => Promise<T>, title?: string): Promise<T> {
    if (this.closing)
      return Promise.reject(
        new Error(`set-up "${key}" asked for after the run's set-ups were archived (a bug in the suite)`),
      );
    let p = this.made.get(key) as Promise<T> | undefined;
    if (!p) {
      const findings: Finding[] = [];
      const sent = { exchanges: [] as Exchange[], spans: [] as RequestSpan[] };
      this.sent.set(key, sent);
      const cleanups: Array<() => Promise<unknown>> = [];
      this.cleanups.set(key, cleanups);
      const parts = new Set<string>();
      this.madeOf.set(key, parts);
      const c = makeContext({
        rule,
        target: this.run.target,
        seedName: `set-up:${key}`,
        ...(title !== undefined ? { askedBy: { rule, title } } : {}),
        // in the ledger, a shared record is the set-up's, not the first check's that asked for it
        madeBy: `set-up: ${key}`,
        budget: this.run.budget,
        // before every check: the checks waiting on it wait on its every request
        priority: -1,
        skip: (reason, needs) => {
          throw new CheckSkipped(reason, needs);
        },
        exchanges: sent.exchanges,
        spans: sent.spans,
        observations: this.observations,
        findings,
        cleanups,
        setupRecords: { ids: this.recordIds, mine: true, unusable: this.unusableIds },
        keepRecords: () => this.keptKeys.has(key),
        records: (r) => this.recordsByKey.set(key, r),
        // a set-up made of other set-ups (a read of the run's shared contact) asks for the run's own
        shared: (other, makeOther) => {
          parts.add(other);
          return this.shared(other, rule, makeOther, title);
        },
      });
      // a make that throws at once (a skip, a missing fixture) rejects like one that fails later
      p = (async () => make(c))();
      // every check that asked awaits it; this only keeps a failure nobody awaits any more (its
      // checks timed out) from being an unhandled rejection
      p.catch(() => undefined);
      this.made.set(key, p);
    }
    return p;
  }

  /**
   * Archives what the set-ups made, once, after the last check. Each set-up's own cleanups (an edge
   * removed, a record archived: lib/check/cleanups.ts) run newest first, after the edges of every set-up
   * made of it (its edge before the records it joins); then the archive of its records, which waits on
   * no other set-up's archive (the spec states no cascade). So set-ups that share nothing are cleaned
   * up at once, and the archives cost a round trip or two, not one per set-up in a chain or per record
   * (a run 200 ms away spent 2 s on ten archives one after another, then three round trips on three
   * accounts of one set-up).
   * Called again, it waits on the archive begun (the run archives beside its given-up checks, which
   * ask for no set-up, and again when it ends, whatever stopped it).
   */
  close(): Promise<void> {
    this.closing ??= this.archive();
    return this.closing;
  }

  private async archive(): Promise<void> {
    for (const [key, sent] of this.sent) this.beforeClose.set(key, sent.spans.length);
    // a set-up's first cleanup is its records' archive (lib/check/context.ts registers it first)
    const lists = new Map([...this.cleanups].map(([key, list]) => [key, list.splice(0)]));
    const edges = new Map<string, Promise<void>>();
    const done: Array<Promise<void>> = [];
    const cleanUp = (key: string): Promise<void> => {
      const known = edges.get(key);
      if (known) return known;
      // the edges of the set-ups made of this one go first
      const before = [...this.madeOf].flatMap(([other, parts]) => (parts.has(key) && other !== key ? [other] : []));
      const after = Promise.all(before.filter((other) => lists.has(other)).map(cleanUp));
      const [archive, ...own] = lists.get(key) ?? [];
      const ran = runCleanups(own, (clean) => this.cleanOne(clean), after);
      done.push(ran.done.then(() => (archive ? this.cleanOne(archive) : undefined)));
      edges.set(key, ran.edges);
      return ran.edges;
    };
    for (const key of lists.keys()) void cleanUp(key);
    await Promise.all(done);
  }

  private async cleanOne(clean: () => Promise<unknown>): Promise<void> {
    try {
      await clean();
    } catch (err) {
      this.observations.push({ topic: 'cleanup', text: `set-up cleanup failed: ${String(err)}` });
    }
  }
}
