import type { Faker } from '@faker-js/faker';
import type { ApiClient, Auth } from '../http/client.js';
import type { Exchange } from '../http/exchange.js';
import type { RequestBudget } from '../http/request-budget.js';
import type { RuleId } from '../spec/register.js';
import type { RunTarget } from './run-target.js';
import type { Fixtures } from '../spec/register.js';
import type { Conformance } from './expect-conform.js';
import type { CheckName, Observation, SkipNeed, Violation } from './outcome.js';
import type { Finding } from './finding.js';
import type { Seen, SeenErrors } from './answer-observer.js';
import type { LedgerAuth, LedgerType } from '../safety/ledger.js';

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
   * ends the check as not applicable: the server's legal choices leave its rule nothing to judge (a
   * write it may refuse, and no answer of the run shows such a value). `reason` says so in words;
   * `proof` are the answers that show it. Where an input a person could supply would make the rule
   * applicable, that is a skip naming the input instead.
   */
  notApplicable(reason: string, proof?: readonly Exchange[]): never;
  /**
   * records a rule of another check that an exchange broke: a finding of that rule, reported once
   * per cause (lib/runner/finding-results.ts); the check goes on with its own rule
   */
  found(violation: Violation, ex: Exchange): void;
  /**
   * what every answer of the run so far showed of `key` (a value type): how many values, where, and
   * each way one was wrong (lib/check/answer-observer.ts). A check asking it registers with `runLast`,
   * so that "so far" is the whole run.
   */
  seen(key: string): Seen;
  /**
   * what every answer of the run so far showed at `operation` of the error body: its answers, its
   * error answers and each way one broke an error-body rule (lib/check/answer-observer.ts). Asked by
   * checks registered with `runLast`, as `seen` is.
   */
  errorsAt(operation: string): SeenErrors;
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
  /**
   * the check whose requests these are, as its rerun names it (a set-up's: the check that first asked
   * for it, which asks again when rerun); default: the rule and title above
   */
  askedBy?: CheckName;
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
  /**
   * true once the check's cleanups ran: a step still in flight when the check ended (a sibling of one
   * that failed) may register one later, a record's turn say, which then runs at once, or the record
   * would stay held and every check waiting its turn would wait out its timeout
   */
  cleanedUp?: () => boolean;
  /**
   * hands each answer to the run's observer (default: at once); a check that runs beside the run-last
   * checks holds its answers until they have judged (lib/runner/held-answers.ts)
   */
  see?: (ex: Exchange) => void;
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

/** One request of a check: issued at `start`, sent once its turn came (`sent`), answered (or given up) at `end`. */
export interface RequestSpan {
  start: number;
  sent?: number;
  end: number;
}
