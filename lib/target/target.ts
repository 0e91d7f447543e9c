import type { OperationIndex } from '../operations/operation-index.js';
import type { Fixtures } from '../spec/register.js';

/** The keys a run holds; only `apiKey` is required. */
export interface TargetKeys {
  apiKey: string;
  otherOrgApiKey?: string;
  readOnlyApiKey?: string;
}

/** Which checks a run registers: by rule id, glob or endpoint group, and by level. */
export interface Selection {
  only: string[];
  skip: string[];
  level: 'all' | 'must';
}

/**
 * Everything a check needs to know about the server under test. The CLI resolves it once
 * (flags > environment > fixtures file > defaults) and hands it to every check of the run.
 */
export interface Target {
  baseUrl: string;
  /** the operations the spec states, which the server claims to serve (the Spec's, lib/cli/spec.ts) */
  operations: OperationIndex;
  keys: TargetKeys;
  fixtures: Fixtures;
  /** tags every record the run creates, so an operator can find them on a shared server */
  runId: string;
  /** seeds faker per check (mixed with the check's name), printed in evidence */
  seed: number;
  /** per-request timeout */
  timeoutMs: number;
  /** the most bytes read from one answer (--max-response-bytes) */
  maxResponseBytes?: number;
  /** --max-wait (ms): a run stops when the server answered nothing but 429 for this long, or asks to wait longer */
  maxWaitMs: number;
  /** --deadline (ms): the run ends by then whatever the server says, kept by the clock */
  deadlineMs: number;
  /** the embedded reference server is the target (used only to word messages) */
  embedded: boolean;
  selection: Selection;
  /** change nothing: the client refuses every request that could write */
  readOnly: boolean;
  /** cap on requests in flight */
  concurrency: number;
  /** generated cases per generated check (--cases) */
  cases: number;
  /** safety cap on requests sent by the run */
  maxRequests?: number;
  /** --allow-host: hosts besides the base URL's origin whose stated links a check may follow, without a key */
  allowHosts?: readonly string[];
  /** where each created record is appended as it is created (the cleanup ledger) */
  ledgerFile?: string;
}

/** A server as the run names its requests: its base URL, and the operations the spec states (a request's operation). */
export type Served = Pick<Target, 'baseUrl' | 'operations'>;
