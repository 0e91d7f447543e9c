import type { RuleId } from '../spec/register.js';

/** A rule a check found broken, with what the spec wanted and what came back. */
export interface Violation {
  rule: RuleId;
  expected: string;
  actual: string;
  /** the JSON Pointer, in the response body, of the value that broke it ('' = the whole body), when known */
  at?: string;
  /**
   * what is wrong, in words that stay the same wherever it shows (no operation, attribute or value of
   * one answer): `a currency amount is a number, not a string`. A root cause is the rule and this,
   * across operations and checks (lib/report/root-causes.ts); without it, `actual` is.
   */
  problem?: string;
  /**
   * the stated rule whose sentence the failing input breaks, where the check's own rule generalises
   * several (a generated check's mutation: an unknown attribute breaks contact.unknown-field's
   * sentence, not the family's): the result quotes it
   */
  quotes?: RuleId;
  /**
   * who got the answers that showed it, where another check files it (a run-last check judging every
   * answer of the run), in the order met and at most SHOWN_BY_MAX (lib/check/shown-by.ts): the checks
   * whose requests got one, which a rerun runs too, or nothing would ask again; the probe and the
   * fixtures check, which every run (a rerun too) makes before its checks
   */
  shownBy?: readonly ShownBy[];
}

/** One check, as its rule and title name it (lib/catalogue/check-key.ts: its key for `--only`). */
export interface CheckName {
  rule: RuleId;
  title: string;
}

/** Who sent the request whose answer showed a violation: a check, or a part of every run before its checks. */
export type ShownBy = CheckName | RunPart;

/** A part of every run that sends requests before its checks: no check names it, and every rerun makes it. */
export interface RunPart {
  part: 'fixtures check' | 'probe';
}

/** Something the server did where the spec is silent: recorded, never a failure (INFO level). */
export interface Observation {
  topic: string;
  text: string;
  /** e.g. the error code and status for the code→status table */
  data?: Record<string, string | number | boolean | null>;
}

/**
 * The set-up step that kept a check from testing its rule: the operation, what it answered and the
 * fixture it used. Checks blocked by the same step are reported together, as one finding.
 */
export interface BlockedBy {
  /** the operation of the step, e.g. `POST /{custom_object_api_name}/_upsert`, or `the run` */
  step: string;
  /** what came back: `HTTP 500 (write_not_supported)`, `connection failed: …`, `not sent: …` */
  answer: string;
  /** the fixtures key whose value the step used, when it used one */
  fixture?: string;
  /** the rule the step's answer broke, when that is why the check could not go on (a finding of it) */
  rule?: RuleId;
}

/** One answered request to what the observed-contract tables need. */
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

/**
 * What a skipped check needed and the run did not give: a fixtures key (`taskToArchive`) or a flag
 * (`--other-org-api-key`). `missing`: not given · `unusable`: given, but its value cannot serve the
 * check (`problem` says what is wrong with it) · `excluded`: a flag of the run keeps the check from
 * running (`--read-only`). Reports group skipped checks by it ("To complete this run").
 */
export interface SkipNeed {
  key: string;
  kind: 'missing' | 'unusable' | 'excluded';
  /** what is wrong with the value, or what the key must name */
  problem?: string;
}
