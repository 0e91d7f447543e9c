import type { Exchange } from '../http/exchange.js';
import type { Level } from '../rules/rule.js';
import type { RuleId } from '../rules/catalogue.js';

/** A rule a check found broken, with what the spec wanted and what came back. */
export interface Violation {
  rule: RuleId;
  expected: string;
  actual: string;
}

/** Something the server did where the spec is silent: recorded, never a failure (INFO level). */
export interface Observation {
  topic: string;
  text: string;
  /** e.g. the error code and status for the code→status table */
  data?: Record<string, string | number | boolean | null>;
}

/** One answered request, reduced to what the observed-contract tables need. */
export interface Traffic {
  /** the stated operation, or `METHOD (unstated route)` */
  endpoint: string;
  status: number;
  /** the error body's code, when there is one */
  code?: string;
  emptyBody: boolean;
  /** how many 429 answers the client retried before this one (omitted when none) */
  rateLimitRetries?: number;
}

/** What a check hands to the reporter through vitest's task meta (JSON-serialisable). */
export interface CheckMeta {
  rule: RuleId;
  level: Level;
  endpoint: string;
  title: string;
  violations?: Violation[];
  /** the exchanges of a check that did not pass, redacted */
  evidence?: Exchange[];
  observations?: Observation[];
  /** every answered request of the check (for the observed success statuses and error codes) */
  traffic?: Traffic[];
  /** requests of the check that got no answer (refused connection, timeout): sent, but not in traffic */
  unanswered?: number;
  /** a setup step or the network failed: not a verdict on the rule itself */
  blocked?: string;
}

declare module '@vitest/runner' {
  interface TaskMeta {
    conformance?: CheckMeta;
  }
}
