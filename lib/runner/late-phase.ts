import type { CheckContext } from '../check/context.js';
import type { LastChecks } from '../check/run-target.js';
import { heldRecords } from './record-lock.js';

/** A check's name in the run: its rule and title (its context's too). */
const nameOf = (c: { rule: string; title: string }): string => `${c.rule}\n${c.title}`;

/**
 * The barriers of a run's last checks (lib/check/run-target.ts LastChecks): `othersEnded` once every
 * check that is neither run-last nor spends what the user gave up has ended (`endOthers`), and `seen`
 * once, besides, each of the `early` run-last checks that send their own requests first (`sendsEarly`)
 * waits in `allSeen` or has ended (`arrive`). Judged then, a run-last check sees every answer of the
 * run but those held from the observer (lib/runner/held-answers.ts), in every run alike.
 * `checkWritesDone` once no check will write any more: every other check ended (`checksEnded`), and each
 * that spends what the user gave up ended or said it only reads from then on (`onlyReads`). The set-ups'
 * archives may still be going: they archive the run's own records and the edges it made, which change
 * nothing the read of a kept record compares, so that read (lib/cli/run/audit.ts) goes beside them.
 */
export class LatePhase implements LastChecks {
  readonly othersEnded: Promise<void>;
  readonly seen: Promise<void>;
  readonly checkWritesDone: Promise<void>;
  private ended = false;
  private nonSpendingEnded = false;
  /** the spending checks that may still write */
  private readonly writing = new Set<string>();
  private lastWrite!: () => void;
  /** the early run-last checks yet to send what they send */
  private readonly early: Set<string>;
  private endedOthers!: () => void;
  private allIn!: () => void;

  /**
   * `before`: what the run sent before its checks and still awaits (the fixtures check's archives, in
   * flight beside the first checks): answered before a run-last check judges and before writes are done.
   */
  constructor(early: ReadonlyArray<{ rule: string; title: string }>, before?: Promise<unknown>) {
    this.early = new Set(early.map(nameOf));
    const first = (before ?? Promise.resolve()).then(() => undefined);
    this.othersEnded = new Promise((resolve) => {
      this.endedOthers = resolve;
    });
    this.seen = new Promise<void>((resolve) => {
      this.allIn = resolve;
    }).then(() => first);
    this.checkWritesDone = new Promise<void>((resolve) => {
      this.lastWrite = resolve;
    }).then(() => first);
  }

  /** The checks that spend what the user gave up: the run may write until each ends or only reads. */
  spending(defs: ReadonlyArray<{ rule: string; title: string }>): void {
    for (const d of defs) this.writing.add(nameOf(d));
  }

  onlyReads(c: { rule: string; title: string }): void {
    this.writing.delete(nameOf(c));
    this.settleWrites();
  }

  /** Every check but those that spend what the user gave up has ended (the run-last ones too). */
  checksEnded(): void {
    this.nonSpendingEnded = true;
    this.settleWrites();
  }

  private settleWrites(): void {
    if (this.nonSpendingEnded && this.writing.size === 0) this.lastWrite();
  }

  /** Every check that is neither run-last nor spends what the user gave up has ended. */
  endOthers(): void {
    this.ended = true;
    this.endedOthers();
    this.settle();
  }

  /** The early run-last check `c` (a definition or its context) has sent what it sends, or ended. */
  arrive(c: { rule: string; title: string }): void {
    this.early.delete(nameOf(c));
    this.settle();
  }

  allSeen(c: { rule: string; title: string }): Promise<void> {
    // a check waiting here on a record it holds would wait on the checks that wait on it
    const held = heldRecords(c as CheckContext);
    if (held.length > 0)
      return Promise.reject(
        new Error(`a run-last check waits for the run's end holding ${held.join(', ')} (a bug in the suite)`),
      );
    this.arrive(c);
    return this.seen;
  }

  private settle(): void {
    if (this.ended && this.early.size === 0) this.allIn();
  }
}
