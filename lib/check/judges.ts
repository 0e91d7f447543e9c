import type { Target } from '../target/target.js';
import type { Preflight } from './preflight.js';
import type { ExchangeResponse } from '../http/exchange.js';
import type { RecordKind, SchemaId, SpecRecord } from '../spec/register.js';
import type { Exchange } from '../http/exchange.js';
import type { BlockedBy, Violation } from './outcome.js';

/** The run as a judgement may read it: the target, and what the fixtures check found (RunTarget is one). */
export type JudgedRun = Target & { preflight?: Preflight };

/** One value an answer shows, judged where it stands (lib/check/answer-observer.ts). */
export interface SeenValue {
  /** what checks ask the run's observer about (this spec: a value_type, or `record envelope`) */
  key: string;
  /** the attribute it sits in ('' for a record's envelope) */
  attribute: string;
  /** each way it is wrong: `way` names it without the value itself (one failure per key, attribute and way) */
  problems: Array<{ way: string; violation: Violation }>;
}

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
  /**
   * every rule a body that should match `schema` breaks, in words: a record it carries judged as
   * `record` judges one (each problem under its own rule), the rest under `rule`, the check's
   */
  body(schema: SchemaId, data: unknown, rule: Violation['rule']): Violation[];
  /**
   * A refusal that is no verdict on the server: the request lacked a fact of the user's that the run
   * was not told (a create field the workspace requires), so the check is blocked, naming the fixtures
   * key that would let it run; undefined for any other answer.
   */
  refusedForTheUser(ex: Exchange, run?: JudgedRun): BlockedBy | undefined;
  /**
   * How the spec's bodies wrap what they carry, for the reports' reading of a failing JSON path: the
   * keys that only wrap (`data`, `attributes`, `value`) and the key that names a value's type (`value_type`).
   */
  wrapping: { wrappers: readonly string[]; typeKey: string };
  /**
   * Every value a 2xx answer's body shows, each judged against its own shape (a typed value against
   * its value type's, a record against the envelope), whatever the check that read it: what the run's
   * observer keeps. Absent: the observer sees nothing.
   */
  seen?(body: unknown): SeenValue[];
  /**
   * Every rule an error answer's body breaks, whatever the check that read it, for the run's observer;
   * undefined for an answer the spec's error body does not speak of (a success, a status it does not
   * document). Absent: the observer judges no error answer.
   */
  errorAnswer?(r: ExchangeResponse): Violation[] | undefined;
}
