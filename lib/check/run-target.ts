import type { Catalogue } from '../catalogue/catalogue.js';
import type { FixturesKnowledge } from '../target/fixtures-in-use.js';
import type { SpecJudges } from './judges.js';
import type { Target } from '../target/target.js';
import type { RerunTarget } from '../evidence/rerun.js';
import type { RecordChanges } from '../safety/record-changes.js';
import type { Preflight } from './preflight.js';
import type { RunObserver } from './seen.js';

/**
 * The target as a started run knows it: what the user configured (Target) and what the run learned
 * before and while the checks ran. Kept apart from Target, which the layers below the checks (the
 * HTTP client, configuration, selection) share and which must not reach up to these.
 */
export interface RunTarget extends Target {
  /** the spec's rules, with the sentences they rest on (the Spec's): each result's level, quote and reading */
  catalogue: Catalogue;
  /** the spec's judgements of an answer (the Spec's, lib/cli/spec.ts): what expectations and the runner ask */
  judges: SpecJudges;
  /** the spec's fixtures file: its schema, the records it keeps, how to get each key (the Spec's) */
  fixturesFile: FixturesKnowledge;
  /** what the fixtures check found before the checks ran */
  preflight?: Preflight;
  /** what a failed check's rerun command needs to reach this server again (lib/evidence/rerun.ts) */
  rerun?: RerunTarget;
  /** what the server changed on the user's kept records, as the checks found it (fixtures/kept-records.ts) */
  recordChanges?: RecordChanges;
  /** failing inputs of earlier runs (--examples FILE), by `rule:label` of the generated check: replayed first */
  examples?: Readonly<Record<string, readonly unknown[]>>;
  /**
   * --keep-failing: a check that failed, or met another rule's finding, leaves the records it made in
   * place (in the ledger, for `npx conformance cleanup`), so its reproducers still find them
   */
  keepFailing?: boolean;
  /**
   * the lists the user gave up that a check used this run (`taskToArchive`,
   * `accountWithDomains.otherDomain`): the console warns when the last value of one was used
   */
  givenUpUsed?: Set<string>;
  /** the run's observer of every answer it reads (lib/check/answer-observer.ts); absent: nothing is observed */
  answers?: RunObserver;
  /**
   * set once every check but those that spend what the user gave up has ended: the inputs the
   * MUST checks that ended skipped lacked; empty when nothing was lacking (the run can be complete)
   */
  lackedBeforeSpending?: string[];
  /**
   * settles once every check but those that spend what the user gave up has ended (`lackedBeforeSpending`
   * is set by then): those checks start beside the run-last checks, and spend only after it
   */
  beforeSpending?: Promise<void>;
  /** the run's end as the checks that run after every other wait on it (lib/runner/late-phase.ts) */
  lastChecks?: LastChecks;
}

/**
 * The checks that run after every other (run-last ones, which judge what the whole run showed, and
 * those that spend what the user gave up) start with the others, so what they send of their own
 * goes beside the others' chains; they wait here for what they must follow.
 */
export interface LastChecks {
  /** settles once every check that is neither run-last nor spends what the user gave up has ended */
  othersEnded: Promise<void>;
  /**
   * a run-last check that sent its own requests (`sendsEarly`) waits here before it judges what the
   * whole run showed: it settles once every other check has ended and every such check has sent
   * its own (is waiting here, or ended). Rejects when `c` (a check's context) holds a shared record.
   */
  allSeen(c: { rule: string; title: string }): Promise<void>;
  /** settles when `allSeen` does: a check's wait for it is the run's time, not its own */
  seen: Promise<void>;
  /**
   * a check that spends what the user gave up says so once what it wrote was answered and it sends
   * only reads from then on (its cleanups none): the read of the user's kept records after the run
   * (lib/cli/run/audit.ts) goes beside those reads, which change nothing it reads
   */
  onlyReads(c: { rule: string; title: string }): void;
  /**
   * settles once no check will write any more (every check ended or only reads); the set-ups' archives,
   * which no read of a kept record shows, may still be going
   */
  checkWritesDone: Promise<void>;
}
