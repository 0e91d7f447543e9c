import type { Exchange, ExchangeResponse } from '../http/exchange.js';
import { responseOf } from '../http/exchange.js';
import type { RuleId } from '../rules/catalogue.js';
import { validate, type RecordKind, type SchemaId } from '../schemas/index.js';
import { recordViolations } from './record-violations.js';
import { recordOf, type ApiRecord } from '../steps/record.js';
import { NonConformance } from './non-conformance.js';
import { errorBodyViolations } from './error-body.js';

/**
 * Expectations on one exchange, each tagged with the rule it enforces. The first broken
 * expectation throws a NonConformance carrying the rule, what was expected and what came back.
 * The exchange itself is in the check's evidence log.
 */
export class Conformance {
  readonly response: ExchangeResponse;

  constructor(readonly exchange: Exchange, private readonly rule: RuleId) {
    this.response = responseOf(exchange);
  }

  /** Fails the check under `rule` (default: the check's rule). */
  fail(expected: string, actual: string, rule: RuleId = this.rule): never {
    throw new NonConformance({ rule, expected, actual }, this.exchange);
  }

  status(expected: number, rule: RuleId = this.rule): this {
    if (this.response.status !== expected) this.fail(`HTTP ${expected}`, `HTTP ${this.response.status}${brief(this.response)}`, rule);
    return this;
  }

  /** 2xx: the spec names no success status for most operations, so any 2xx is one. */
  success(rule: RuleId = this.rule): this {
    const s = this.response.status;
    if (s < 200 || s > 299) this.fail('a 2xx success status', `HTTP ${s}${brief(this.response)}`, rule);
    return this;
  }

  /**
   * A 4xx carrying the error body: how the spec says a request is rejected. The error body's
   * own rules (shape, status_code mirror, listed code, details discriminator) are checked too,
   * under their own ids.
   */
  rejected(rule: RuleId = this.rule): this {
    const s = this.response.status;
    if (s < 400 || s > 499) this.fail('a 4xx rejection with the error body', `HTTP ${s}${brief(this.response)}`, rule);
    return this.errorBody();
  }

  /** The error body rules, on any error status. */
  errorBody(): this {
    const v = errorBodyViolations(this.response)[0];
    if (v) throw new NonConformance(v, this.exchange);
    return this;
  }

  /** The error body's code (checked after `rejected()`). */
  code(expected: string, rule: RuleId = this.rule): this {
    const actual = (this.response.json as { code?: unknown } | undefined)?.code;
    if (actual !== expected) this.fail(`error code ${expected}`, `code ${JSON.stringify(actual)}`, rule);
    return this;
  }

  /** The body validates against a schema of lib/schemas. */
  body(schema: SchemaId, rule: RuleId = this.rule): this {
    if (this.response.json === undefined) this.fail(`a JSON body (${schema})`, `${this.response.text.length === 0 ? 'an empty body' : 'a body that is not JSON'}`, rule);
    const problems = validate(schema, this.response.json);
    if (problems.length > 0) {
      const shown = problems.slice(0, 8).map((p) => `${p.path || '/'} ${p.message}`).join('; ');
      this.fail(`a body matching ${schema}`, `${problems.length} schema problem(s): ${shown}`, rule);
    }
    return this;
  }

  /**
   * The body is `{ data: <record of this kind> }`: envelope, typed values, value shapes and the
   * kind's attribute types, each problem under its own rule.
   */
  record(kind: RecordKind): this {
    if (this.response.json === undefined) this.fail(`{ data: ${kind} record }`, this.response.text.length === 0 ? 'an empty body' : 'a body that is not JSON', 'record.envelope');
    const v = recordViolations(kind, this.response.json)[0];
    if (v) throw new NonConformance(v, this.exchange);
    return this;
  }

  /** The record of a `{ data: record }` body; a body without one breaks record.envelope. */
  data(): ApiRecord {
    const r = recordOf(this.response.json);
    if (!r) this.fail('{ data: record } with id and attributes', `body ${this.response.text.slice(0, 200) || '(empty)'}`, 'record.envelope');
    return r;
  }

  /** The parsed JSON body, typed loosely: checks read fields and assert on them. */
  json<T = unknown>(): T {
    return this.response.json as T;
  }
}

function brief(r: ExchangeResponse): string {
  const j = r.json as { code?: unknown; message?: unknown } | undefined;
  if (j && typeof j === 'object' && typeof j.code === 'string') return ` (code ${j.code}${typeof j.message === 'string' ? `: ${j.message.slice(0, 120)}` : ''})`;
  return '';
}
