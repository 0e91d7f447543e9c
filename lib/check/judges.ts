import type { ExchangeResponse } from '../http/exchange.js';
import type { RecordKind, SchemaId, SpecRecord } from '../spec/register.js';
import type { Violation } from './outcome.js';

/** One place a value breaks a schema: its JSON pointer and why. */
export interface SchemaProblem {
  path: string;
  message: string;
}

/**
 * The spec's judgements of an answer, handed in by the composition root (lib/cli/spec.ts): what its
 * error body, its record envelope and its schemas require. The engine's expectations
 * (lib/check/expect-conform.ts) and its runner ask these; each violation names the spec's rule.
 * This project's are suites/spec/judges.ts.
 */
export interface SpecJudges {
  /** every rule an error answer's body breaks, most basic first */
  errorBody(r: ExchangeResponse): Violation[];
  /** the violation of an error answer whose code cannot be read (the body is no error body) */
  noErrorCode(r: ExchangeResponse): Violation;
  /** the record of a single-record answer's body, or undefined when it carries none */
  recordOf(body: unknown): SpecRecord | undefined;
  /** the violation of an answer that carries no record where one was expected */
  noRecord(r: ExchangeResponse): Violation;
  /** every rule a single-record answer of this kind breaks, one violation per rule */
  record(kind: RecordKind, body: unknown): Violation[];
  /** where a value breaks one of the spec's schemas */
  validate(schema: SchemaId, data: unknown): SchemaProblem[];
}

let inUse: SpecJudges | undefined;

/** Hands the engine the spec's judgements; the composition root calls it before anything runs. */
export function useJudges(judges: SpecJudges): void {
  inUse = judges;
}

/** The judgements handed in; throws when none were. */
export function judgesInUse(): SpecJudges {
  if (inUse === undefined)
    throw new Error("no judgements handed in: the composition root calls useSpec(…) with the spec's first");
  return inUse;
}
