import type { Faker } from '@faker-js/faker';
import { ApiClient, type Auth } from '../http/client.js';
import type { Exchange } from '../http/exchange.js';
import type { RequestBudget } from '../http/request-budget.js';
import type { RuleId } from '../rules/catalogue.js';
import type { RunTarget } from './run-target.js';
import type { Fixtures } from '../target/fixtures.js';
import { redactorFor } from '../redact/redactor-for.js';
import { fakerFor } from '../../builders/faker.js';
import { Conformance } from './expect-conform.js';
import type { BlockedBy, Observation, SkipNeed, Violation } from './outcome.js';
import { operationOf, type Finding, type FindingScope } from './finding.js';
import { fixtureOfStep } from './step-fixtures.js';
import { SetupFailure } from './non-conformance.js';
import { TransportFailure } from '../http/exchange.js';
import { CreatedRecords } from '../safety/tracker.js';
import type { LedgerAuth, LedgerType } from '../safety/ledger.js';
import { keptRecordDeletedBy } from '../safety/kept-records.js';

/** What a check function gets: a client, the target, seeded faker, expectations and bookkeeping. */
export interface CheckContext {
  readonly rule: RuleId;
  /** the check's title: with the rule, it names the check (its rerun runs exactly this one) */
  readonly title: string;
  readonly target: RunTarget;
  readonly fixtures: Fixtures;
  readonly runId: string;
  readonly faker: Faker;
  /** the client with organization A's full key (per request `auth` picks another) */
  readonly api: ApiClient;
  /** expectations on an exchange, under the check's rule unless one is given */
  expect(ex: Exchange, rule?: RuleId): Conformance;
  /** the last exchange this check made */
  last(): Exchange;
  /**
   * a fixture value, or skip the check with a reason that names the missing key (`fixtureKey` may end
   * in a parenthesis saying what the key must name: `taskIds (one task)`)
   */
  need<T>(value: T | undefined, fixtureKey: string): T;
  /**
   * skip the check: the fixtures key is set, but its value cannot serve this check; `problem` says
   * what is wrong with it (never "is not set" for a key that is set)
   */
  unfit(fixtureKey: string, problem: string): never;
  /** skip when a key of the run is missing (`otherOrgApiKey`, `readOnlyApiKey`) */
  needKey(key: Exclude<Auth, 'apiKey' | 'none' | { raw: string }>): void;
  /** a step the check depends on: a non-2xx answer blocks the check (status `blocked`, not failed) */
  setup(ex: Exchange, what: string): Conformance;
  /**
   * blocks the check: the step `step` answered `answer` (a 2xx of the wrong shape, say), so its rule cannot be
   * tested. `rule`: the rule that judges that answer, when its own check does (a baseline entry for that rule
   * then covers this block too)
   */
  block(step: string, answer: string, ex?: Exchange, rule?: RuleId): never;
  /**
   * skips the check with a reason that says what would let it run (a fixture, a server choice);
   * `needs` names the fixtures key or flag that would, when one would
   */
  skip(reason: string, needs?: SkipNeed): never;
  /**
   * records a rule of another check that an exchange broke: a finding of that rule, reported once
   * per cause (lib/runner/finding-results.ts); the check goes on with its own rule
   */
  found(violation: Violation, ex: Exchange): void;
  /** record what the server did where the spec is silent (INFO, never a failure) */
  observe(topic: string, text: string, data?: Observation['data']): void;
  /** run after the check, pass or fail (archive what it created) */
  cleanup(fn: () => Promise<unknown>): void;
  /**
   * Records a record the check created: appended to the cleanup ledger at once and, when it has an
   * archive path, DELETEd after the check unless the check archived it itself. Every 2xx create
   * answer is recorded this way automatically (lib/safety/created.ts); call it only for a create
   * the client cannot recognise.
   */
  created(id: string, type: LedgerType, archivePath: string | null, auth?: LedgerAuth): void;
  /**
   * A set-up several read-only checks share (`key` names it): made once per run on first use, with
   * the run's own context, and archived when the run ends (lib/runner/run-setups.ts). Only for records
   * the checks then read, never write.
   */
  shared<T>(key: string, make: (c: CheckContext) => Promise<T>): Promise<T>;
}

export interface ContextParts {
  rule: RuleId;
  /** the check's title (a set-up's own context: its name) */
  title?: string;
  target: RunTarget;
  seedName: string;
  /** the run's request budget (--concurrency, --max-requests, 429 back-off), shared by every check */
  budget: RequestBudget;
  /** the check's place in the run: older checks get a request slot first */
  priority: number;
  skip: (reason: string, needs?: SkipNeed) => never;
  exchanges: Exchange[];
  /** when each request was issued and answered (performance.now(), ms): the check's chain of dependent requests */
  spans: RequestSpan[];
  observations: Observation[];
  /** rules of other checks that the check's exchanges broke (one cause, one finding) */
  findings: Finding[];
  cleanups: Array<() => Promise<unknown>>;
  /** the run's shared set-ups; absent (a set-up's own context, a unit test): made in this context */
  shared?: <T>(key: string, make: (c: CheckContext) => Promise<T>) => Promise<T>;
  /** who made the records, as the cleanup ledger names it (default: the rule) */
  madeBy?: string;
  /**
   * asked as the cleanups run: true (--keep-failing, a failing check) leaves the check's records in
   * place: the automatic archive is not made, and a cleanup's DELETE of one is not sent (RecordKept)
   */
  keepRecords?: () => boolean;
  /** told, after the cleanups, which of the check's records were archived and which were kept */
  records?: (r: { archived: CreatedEntryRef[]; kept: CreatedEntryRef[] }) => void;
  /** how long the check's requests waited for their turn (the run's pace, a 429's pause): not its own time */
  waited?: { ms: number };
  /**
   * the records the run's set-ups made: the checks share them, so no check's sweep records or archives
   * one, whatever answer of the check names it (a set-up's context adds its own to it)
   */
  setupRecords?: {
    ids: Set<string>;
    mine: boolean;
    /** the run's ids that go into no path (lib/safety/tracker.ts unusableIdIn), shared by every context */
    unusable?: Map<string, string>;
  };
}

/** A record a check made, as its report names it. */
export interface CreatedEntryRef {
  type: string;
  id: string;
}

/** A cleanup's DELETE of a record --keep-failing keeps: not sent (not a cleanup failure). */
export class RecordKept extends Error {
  override name = 'RecordKept';
}

/** One request of a check: issued at `start`, answered (or given up) at `end`. */
export interface RequestSpan {
  start: number;
  end: number;
}

export { answerOf } from './answer.js';
import { answerOf } from './answer.js';

function block(step: string, answer: string, ex?: Exchange, rule?: RuleId): never {
  const fixture = fixtureOfStep(step);
  const blockedBy: BlockedBy = { step, answer, ...(fixture ? { fixture } : {}), ...(rule ? { rule } : {}) };
  throw new SetupFailure(
    `blocked: ${step} answered ${answer}${fixture ? ` (with fixtures \`${fixture}\`)` : ''}; see the checks of that operation`,
    blockedBy,
    ex,
  );
}

/** Whether the fixtures give a value at a key path (`opportunity.stageId`, `taskIds[0]`). */
function isSet(fixtures: Fixtures, key: string): boolean {
  let v: unknown = fixtures;
  for (const part of key.replace(/\[\d+\]$/, '').split('.')) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, part)) return false;
    v = (v as Record<string, unknown>)[part];
  }
  return v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
}

/**
 * The check's client: as the client of lib/http, except that a DELETE of one of the check's own
 * records is not sent while --keep-failing keeps them (`holds`): it throws RecordKept instead.
 */
class CheckClient extends ApiClient {
  holds: (method: string, path: string) => boolean = () => false;

  override send(method: string, path: string, o: Parameters<ApiClient['send']>[2] = {}): Promise<Exchange> {
    if (method.toUpperCase() === 'DELETE' && this.holds(method, path))
      return Promise.reject(new RecordKept(`not sent: DELETE ${path} (--keep-failing keeps the record)`));
    return super.send(method, path, o);
  }
}

/** `taskIds (one task)` → the key and what it must name. */
function keyOf(described: string): { key: string; what?: string } {
  const m = /^(\S+)\s+\((.*)\)$/s.exec(described);
  return m ? { key: m[1]!, what: m[2]! } : { key: described };
}

export function makeContext(p: ContextParts): CheckContext {
  const records = new CreatedRecords({
    runId: p.target.runId,
    rule: p.madeBy ?? p.rule,
    ...(p.target.ledgerFile !== undefined ? { ledgerFile: p.target.ledgerFile } : {}),
    warn: (text) => p.observations.push({ topic: 'cleanup', text }),
    fixtures: p.target.fixtures,
    ...(p.setupRecords?.unusable ? { unusable: p.setupRecords.unusable } : {}),
    ...(p.setupRecords?.mine
      ? { onRecorded: (id: string) => p.setupRecords!.ids.add(id) }
      : p.setupRecords
        ? { madeElsewhere: (id: string) => p.setupRecords!.ids.has(id) }
        : {}),
  });
  const api = new CheckClient({
    baseUrl: p.target.baseUrl,
    keys: p.target.keys,
    timeoutMs: p.target.timeoutMs,
    ...(p.target.maxResponseBytes !== undefined ? { maxResponseBytes: p.target.maxResponseBytes } : {}),
    redactor: redactorFor(p.target.keys),
    onExchange: (ex, req) => {
      p.exchanges.push(ex);
      p.spans.push({ start: req.startedMs, end: req.startedMs + ex.ms });
      records.observe(ex, req.path, req.auth);
    },
    readOnly: p.target.readOnly,
    keptRecordOf: (method, path) => {
      const kept = keptRecordDeletedBy(p.target.fixtures, method, path);
      return kept ? `${kept.key} (${kept.type} ${kept.id})` : undefined;
    },
    budget: p.budget,
    priority: p.priority,
    exempt: (method, path) => records.isArchiveOfOwn(method, path),
    pathGuard: (path) => records.unusableIdIn(path),
    refuse: (kind, message) => {
      // a request the suite must never send is no finding about the server: the check is skipped, saying why
      if (kind === 'read-only') p.skip(message, { key: '--read-only', kind: 'excluded' });
      if (kind === 'kept-record') p.skip(message);
      const answer = message.replace(/^blocked: /, '');
      if (kind === 'stopped') throw new SetupFailure(message, { step: 'the run', answer });
      if (kind === 'outside-base')
        throw new SetupFailure(message, { step: "a request path built from the server's values", answer });
      throw new SetupFailure(message, {
        step: '--max-requests',
        answer: message.replace(/^blocked: /, '').split(';')[0] ?? message,
      });
    },
    // a request that got no answer fails the check at once, "connection failed: …" (marked blocked),
    // whatever the check would have made of a missing response
    throwOnTransportError: true,
    onWait: (ms) => {
      if (p.waited) p.waited.ms += ms;
    },
  });
  // --keep-failing: a failing check's own records stay where they are, for its reproducers
  api.holds = (method, path) => p.keepRecords?.() === true && records.isArchiveOfOwn(method, path);
  // Registered first, so it runs last of the cleanups (they run in reverse): whatever the check
  // created and neither it nor its own cleanups archived is DELETEd here, newest first.
  p.cleanups.push(async () => {
    const ref = (e: { type: string; id: string }) => ({ type: e.type, id: e.id });
    const report = () =>
      p.records?.({ archived: records.archivedEntries().map(ref), kept: records.pending().map(ref) });
    if (p.keepRecords?.() === true) {
      report();
      return;
    }
    for (const e of records.pending()) {
      if (e.path === null) continue;
      let ex: Exchange;
      try {
        ex = await api.delete(e.path, { auth: e.auth });
      } catch (err) {
        p.observations.push({
          topic: 'cleanup',
          text: `could not archive ${e.type} ${e.id} (DELETE ${e.path}): ${err instanceof Error ? err.message : String(err)}; \`npx conformance cleanup --ledger\` can retry`,
        });
        continue;
      }
      const status = ex.response?.status;
      if (status === 404 || status === 410) records.markArchived(e.path, status);
      else if (status === undefined || status < 200 || status > 299) {
        p.observations.push({
          topic: 'cleanup',
          text: `could not archive ${e.type} ${e.id}: DELETE ${e.path} answered HTTP ${status}; \`npx conformance cleanup --ledger\` can retry`,
        });
      }
    }
    report();
  });
  const scope: FindingScope = {
    own: p.rule,
    found: (violation, ex) =>
      p.findings.push({ violation, operation: operationOf(ex, p.target.baseUrl), exchange: ex }),
  };
  let faker: Faker | undefined;
  const context: CheckContext = {
    rule: p.rule,
    title: p.title ?? p.seedName,
    target: p.target,
    fixtures: p.target.fixtures,
    runId: p.target.runId,
    // made on first use: a Faker instance is costly to build and many checks never need one
    get faker() {
      faker ??= fakerFor(p.target.seed, p.seedName);
      return faker;
    },
    api,
    expect: (ex, rule) => new Conformance(ex, rule ?? p.rule, scope),
    last() {
      const ex = p.exchanges.at(-1);
      if (!ex) throw new Error('no exchange yet');
      return ex;
    },
    need(value, described) {
      if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
        const { key, what } = keyOf(described);
        // a key the user did set is never "not set": say what is wrong with its value instead
        if (isSet(p.target.fixtures, key)) {
          const problem = `its value does not serve this check${what ? ` (${what})` : ''}`;
          p.skip(`fixtures: \`${key}\` is set, but ${problem}`, { key, kind: 'unusable', problem });
        }
        p.skip(
          `fixtures: \`${key}\` is not set${what ? ` (${what})` : ''}; name it in the fixtures file to run this check`,
          { key, kind: 'missing', ...(what ? { problem: what } : {}) },
        );
      }
      return value as NonNullable<typeof value>;
    },
    unfit(key, problem) {
      return p.skip(`fixtures: \`${key}\` is set, but ${problem}`, { key, kind: 'unusable', problem });
    },
    needKey(key) {
      if (p.target.keys[key] === undefined) {
        const flag = key === 'otherOrgApiKey' ? '--other-org-api-key' : '--read-only-api-key';
        const env = key === 'otherOrgApiKey' ? 'CONFORMANCE_OTHER_ORG_API_KEY' : 'CONFORMANCE_READ_ONLY_API_KEY';
        p.skip(`no ${key}: pass ${flag} (${env}) to run this check`, { key: flag, kind: 'missing' });
      }
    },
    setup(ex, what) {
      const status = ex.response?.status;
      if (status === undefined) throw new TransportFailure(ex);
      if (status < 200 || status > 299) block(what, answerOf(ex), ex);
      return new Conformance(ex, p.rule, scope);
    },
    block: (step, answer, ex, rule) => block(step, answer, ex, rule),
    skip: (reason, needs) => p.skip(reason, needs),
    found: (violation, ex) => scope.found(violation, ex),
    observe(topic, text, data) {
      p.observations.push({ topic, text, ...(data ? { data } : {}) });
    },
    cleanup(fn) {
      p.cleanups.push(fn);
    },
    created(id, type, archivePath, auth = 'apiKey') {
      records.add({ id, type, path: archivePath, auth });
    },
    shared(key, make) {
      return p.shared ? p.shared(key, make) : make(context);
    },
  };
  return context;
}
