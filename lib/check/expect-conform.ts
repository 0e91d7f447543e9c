import type { Exchange, ExchangeResponse } from '../http/exchange.js';
import { shortBare } from '../util/short-text.js';
import { responseOf } from '../http/exchange.js';
import type { RecordKind, RuleId, SchemaId, SpecRecord } from '../spec/register.js';
import { show } from './show.js';
import { NonConformance } from './non-conformance.js';
import { bodyShape } from './body-shape.js';
import type { SpecJudges } from './judges.js';
import type { FindingScope } from './finding.js';
import type { Violation } from './outcome.js';

/**
 * Expectations on one exchange, each tagged with the rule it enforces. A broken expectation of the
 * check's own rule throws a NonConformance carrying the rule, what was expected and what came back.
 * A rule of another check met on the way (the envelope, the error body, a value shape) is handed to
 * the scope as a finding, recorded once under that rule, and the check goes on if it still can
 * read what it needs (one cause, one finding). The exchange itself is in the check's evidence log.
 */
export class Conformance {
  readonly response: ExchangeResponse;

  constructor(
    readonly exchange: Exchange,
    private readonly rule: RuleId,
    /** the spec's judgements of an answer: what an error body and a record must be */
    private readonly judges: SpecJudges,
    private readonly scope?: FindingScope,
  ) {
    this.response = responseOf(exchange);
  }

  /**
   * Fails the check under `rule` (default: the check's rule). Under a rule other than the check's
   * own, the runner files it as a finding of that rule and the check as blocked (lib/runner/run-check.ts).
   */
  fail(expected: string, actual: string, rule: RuleId = this.rule): never {
    throw new NonConformance({ rule, expected, actual }, this.exchange);
  }

  /**
   * Fails on a violation built whole (its words, what is wrong, where in the body, the sentence its
   * input breaks): under the check's own rule it fails the check, under another it is that rule's,
   * as `fail` with a rule.
   */
  broke(v: Violation): never {
    throw new NonConformance(v, this.exchange);
  }

  status(expected: number, rule: RuleId = this.rule): this {
    if (this.response.status !== expected) this.failStatus(`HTTP ${expected}`, rule);
    return this;
  }

  /** 2xx: the spec names no success status for most operations, so any 2xx is one. */
  success(rule: RuleId = this.rule): this {
    const s = this.response.status;
    if (s < 200 || s > 299) this.failStatus('a 2xx success status', rule);
    return this;
  }

  /**
   * The status was not the one expected. What is wrong is the kind of answer, not its words: a 200
   * and a 204 to a request that had to be refused are one cause (it was taken), as two 400s with the
   * same code and other messages are.
   */
  private failStatus(expected: string, rule: RuleId): never {
    const r = this.response;
    const code = codeOf(r);
    const kind =
      r.status >= 200 && r.status <= 299
        ? 'a 2xx success: the request was taken'
        : `HTTP ${r.status}${code !== undefined ? ` (code ${code})` : ''}`;
    throw new NonConformance(
      { rule, expected, actual: `HTTP ${r.status}${brief(r)}`, problem: `${expected} expected; got ${kind}` },
      this.exchange,
    );
  }

  /**
   * A 4xx carrying the error body: how the spec says a request is rejected. The error body's
   * own rules (shape, status_code mirror, listed code, details discriminator) are checked too,
   * under their own ids.
   */
  rejected(rule: RuleId = this.rule): this {
    const s = this.response.status;
    if (s < 400 || s > 499) this.failStatus('a 4xx rejection with the error body', rule);
    return this.errorBody();
  }

  /** The error body rules, on any error status. */
  errorBody(): this {
    for (const v of this.judges.errorBody(this.response)) this.met(v);
    return this;
  }

  /**
   * The error body's code (checked after `rejected()`): the one expected, or one of those expected where
   * two listed codes fit. A body whose code cannot be read leaves the rule untested: the error body's
   * own rule has the finding, the check is blocked.
   */
  code(expected: string | readonly string[], rule: RuleId = this.rule): this {
    const body = this.response.json;
    if (body === null || typeof body !== 'object' || Array.isArray(body) || !Object.hasOwn(body, 'code'))
      this.met(this.judges.noErrorCode(this.response), true);
    const actual = (body as { code?: unknown }).code;
    // where two listed codes fit the request, the rule takes either (its catalogue entry's `accepts`)
    const codes: readonly string[] = typeof expected === 'string' ? [expected] : expected;
    if (typeof actual !== 'string' || !codes.includes(actual))
      this.fail(`error code ${codes.join(' or ')}`, `code ${show(actual)}`, rule);
    return this;
  }

  /**
   * The body validates against one of the spec's schemas. A record it carries is judged as `record`
   * judges one: a value's shape or the envelope is its own rule's finding, and the check goes on.
   */
  body(schema: SchemaId, rule: RuleId = this.rule): this {
    if (this.response.json === undefined) this.fail(`a JSON body (${schema})`, bodyShape(this.response), rule);
    const found = this.judges.body(schema, this.response.json, rule);
    const own = found.find((v) => v.rule === rule);
    if (own) throw new NonConformance(own, this.exchange);
    for (const v of found) this.met(v);
    return this;
  }

  /**
   * The body is `{ data: <record of this kind> }`: envelope, typed values, value shapes and the
   * kind's attribute types, each problem under its own rule.
   */
  record(kind: RecordKind): this {
    this.data(); // without { data: record } nothing else can be read
    const found = this.judges.record(kind, this.response.json);
    // the check's own rule first: it fails the check; the others are findings of their own rules
    for (const v of [...found.filter((x) => x.rule === this.own), ...found.filter((x) => x.rule !== this.own)])
      this.met(v);
    return this;
  }

  /** The record of a `{ data: record }` body; a body without one breaks record.envelope. */
  data(): SpecRecord {
    const r = this.judges.recordOf(this.response.json);
    if (r === undefined) this.met(this.judges.noRecord(this.response), true);
    return r as SpecRecord;
  }

  /** The parsed JSON body, typed loosely: checks read fields and assert on them. */
  json<T = unknown>(): T {
    return this.response.json as T;
  }

  private get own(): string {
    return this.scope?.own ?? this.rule;
  }

  /**
   * A broken rule met: the check's own fails it; another is a finding, and `unreadable` says the
   * check cannot go on without what it broke (the runner then blocks the check on that finding).
   */
  private met(v: Violation, unreadable = false): void {
    if (v.rule === this.own || !this.scope || unreadable || this.scope.refusedForTheUser?.(this.exchange))
      throw new NonConformance(v, this.exchange);
    this.scope.found(v, this.exchange);
  }
}

/** The error body's code, when the body carries one as a string. */
function codeOf(r: ExchangeResponse): string | undefined {
  const j = r.json as { code?: unknown } | undefined;
  return j && typeof j === 'object' && typeof j.code === 'string' ? shortBare(j.code) : undefined;
}

function brief(r: ExchangeResponse): string {
  const j = r.json as { code?: unknown; message?: unknown } | undefined;
  if (j && typeof j === 'object' && typeof j.code === 'string')
    return ` (code ${shortBare(j.code)}${typeof j.message === 'string' ? `: ${shortBare(j.message, 120)}` : ''})`;
  return '';
}
