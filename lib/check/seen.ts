import type { Exchange } from '../http/exchange.js';
import type { Violation } from './outcome.js';

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
 * What the run asks of its observer of answers (lib/check/answer-observer.ts), apart from the class, so
 * that the run's context names it without importing the judgements the observer asks.
 */
export interface RunObserver {
  /** Judges one answer, once however often it is handed in. */
  see(ex: Exchange): void;
  /** What the run's answers showed of `key` so far. */
  seen(key: string): Seen;
  /** Every way a value was wrong, of every key, as first met. */
  failures(): SeenFailure[];
}
