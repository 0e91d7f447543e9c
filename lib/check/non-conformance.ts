import type { Exchange } from '../http/exchange.js';
import type { BlockedBy, Violation } from './outcome.js';

/** The server broke a rule. Thrown by expectations; the check fails with this as its message. */
export class NonConformance extends Error {
  /** a generated check's smallest failing input, kept for examples.json (`key`: the rule and the property's label) */
  example?: { key: string; input: unknown };
  constructor(
    readonly violation: Violation,
    readonly exchange?: Exchange,
  ) {
    super(`[${violation.rule}] expected ${violation.expected}; got ${violation.actual}`);
    this.name = 'NonConformance';
  }
}

/**
 * A step the check needed before it could test its rule did not work (a create it depends on
 * failed, or the network did). The check is blocked, not failed: its rule was never tested.
 */
export class SetupFailure extends Error {
  constructor(
    message: string,
    readonly blockedBy: BlockedBy,
    readonly exchange?: Exchange,
  ) {
    super(message);
    this.name = 'SetupFailure';
  }
}
