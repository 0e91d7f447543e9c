/**
 * A level as the report prints it. The spec uses no RFC 2119 words, so the catalogue assigns them:
 * MUST where the spec states the behaviour, SHOULD only where an HTTP RFC the spec relies on says
 * SHOULD. Any other choice left to the server is an observation, not a rule.
 */
export type Level = 'MUST' | 'SHOULD';

/**
 * One rule of the catalogue: a behaviour the spec states, with the sentence it rests on.
 * `section` is the spec's heading path (stable across edits, unlike numbers), or for a SHOULD rule
 * the HTTP RFC and its section; `quote` is that text's own words, verbatim; `endpoints` lists the
 * operations the rule applies to.
 */
export interface Rule {
  level: Level;
  section: string;
  quote: string;
  summary: string;
  endpoints: readonly string[];
  /**
   * 'strict': the rule rests on one reading of a sentence that has another reasonable one
   * (`otherReading`). A failure under it stays `failed`, marked `reading: "strict"`, reported and
   * counted apart, and fails the run only with --strict.
   */
  reading?: 'strict';
  /** the other reading, under which a server may do what this rule refuses */
  otherReading?: string;
  /**
   * Where the spec's words fit more than one answer (two listed codes for one request, two readings
   * of a sentence) and the rule takes each: what it accepts and why. The catalogue's other way is
   * `reading: 'strict'` with `otherReading`; a rule says one or the other wherever the choice arises.
   */
  accepts?: string;
}

/** A point the spec leaves open ("not shown"): listed so users see what the suite will not assert. */
export interface OpenPoint {
  section: string;
  quote: string;
  /** what the suite records about it instead, if anything */
  observed?: string;
  /** why it is not a rule, where the spec's words alone could suggest one (the HTTP RFC leaves it open, say) */
  why?: string;
}
