import type { Exchange } from '../http/exchange.js';
import type { ShownBy, Violation } from './outcome.js';

/** One way values of a key were wrong, as first met: the rule it breaks and the exchange that showed it. */
export interface SeenFailure {
  attribute: string;
  way: string;
  violation: Violation;
  exchange: Exchange;
  /** the operation of that exchange, as the spec writes it */
  operation: string;
  /** how many values were wrong this way, in every answer the run read */
  count: number;
}

/** What the run's answers showed of one key (a value type): how many values, where first, and what was wrong. */
export interface Seen {
  values: number;
  /** the answers that held at least one */
  answers: number;
  /** the first answer that held one */
  first?: { exchange: Exchange; operation: string };
  /** the operations whose answers held one, in the order first met */
  operations: string[];
  /** one per (attribute, way it is wrong), the first exchange that showed it */
  failures: SeenFailure[];
}

/**
 * What the run's answers showed at one operation of the error body (lib/check/answer-observer.ts):
 * every error answer there the spec's error body covers, whoever asked, judged by the error body's rules.
 */
export interface SeenErrors {
  /** the answers the run read at the operation, of any status */
  answers: number;
  /** the first of them (what shows an operation answered, but never with an error) */
  firstAnswer?: Exchange;
  /** the error answers among them that the spec's error body covers */
  errors: number;
  /** their statuses, each once, in the order first met */
  statuses: number[];
  /** the first of them */
  firstError?: Exchange;
  /** one per (rule, way it is wrong) at this operation, the first exchange that showed it */
  failures: SeenFailure[];
}

/**
 * What the run asks of its observer of answers (lib/check/answer-observer.ts), apart from the class, so
 * that the run's context names it without importing the judgements the observer asks.
 */
export interface RunObserver {
  /** Judges one answer, once however often it is handed in. */
  see(ex: Exchange): void;
  /**
   * Notes who got `ex` (a check, or the fixtures check), before it is seen (a held answer is seen later):
   * what the answer shows wrong names it (`Violation.shownBy`), so a rerun of the finding asks again.
   */
  sentBy?(ex: Exchange, by: ShownBy): void;
  /** What the run's answers showed of `key` so far. */
  seen(key: string): Seen;
  /** What the run's answers showed at `operation` (as the spec writes it) of the error body, so far. */
  errorsAt(operation: string): SeenErrors;
  /** Every way a value or an error body was wrong, of every key and operation, as first met. */
  failures(): SeenFailure[];
}
