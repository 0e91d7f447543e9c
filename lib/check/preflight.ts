import type { Exchange } from '../http/exchange.js';
import type { SpecPreflight, SpecRecord } from '../spec/register.js';

/**
 * What the spec's fixtures check found before the checks ran, as the engine reads it; the spec's own
 * findings (suites/preflight/fixtures-check.ts) come with it, typed through Register (`Preflight` is
 * their intersection), and reach the checks with the target.
 */
export interface PreflightFindings {
  /** the fixtures keys whose records the server showed */
  checked: string[];
  /** requests the check sent (like the probe's, not counted by --max-requests) */
  requests: number;
  /** what the run says on the console before the checks (a field the user must still give, say) */
  notes?: string[];
  /**
   * Each kept record as the server showed it before any check, by fixtures key; a record the server
   * serves no read of is absent. The run reads them again at its end and reports what changed (the
   * spec's audit of kept records).
   */
  kept?: Record<string, SpecRecord>;
  /**
   * The reads the fixtures check sent with organization A's key, by path below the base URL with its
   * query (`/note/…`, `/x/…/relationship/y?page_size=50`), and when each was sent (this client's clock,
   * ms): a check of the same read's answer judges this one instead of sending it again.
   */
  reads?: Record<string, { ex: Exchange; sentAt: number }>;
  /**
   * The archives of what the fixtures check made, still in flight as the checks start: the run-last
   * checks judge, and the run's writes are done, once they are answered (lib/runner/late-phase.ts).
   */
  archives?: Promise<unknown>;
  /** each of those archives, settling (never rejecting) once answered: each holds a slot of the checks' budget */
  archiving?: Array<Promise<unknown>>;
}

/** The fixtures check's result: what the engine reads, and what the spec's own checks read. */
export type Preflight = PreflightFindings & SpecPreflight;
