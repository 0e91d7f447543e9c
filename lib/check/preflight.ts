import type { Exchange } from '../http/exchange.js';
import type { BlockedBy } from './outcome.js';
import type { SpecRecord } from '../spec/register.js';

/**
 * What the fixtures check found before the checks ran (suites/preflight/fixtures-check.ts), handed to
 * the checks with the target.
 */
export interface Preflight {
  /** the fixtures keys whose records the server showed */
  checked: string[];
  /** requests the check sent (like the probe's, not counted by --max-requests) */
  requests: number;
  /**
   * The custom object's samples as the server typed them (attribute → value_type), from one upsert
   * of the samples as given; or the step that failed, which blocks the checks that need to know.
   * Absent: not checked (no customObject fixture, or --read-only).
   */
  customObject?: { valueTypes: Record<string, string> } | { blockedBy: BlockedBy };
  /**
   * What GET /_schema/contact marks `is_required_on_create` beyond the spec's own fields and the
   * fixtures' `contact.createAttributes`: the free-text ones, filled with a tagged value, and the
   * others, which only the user can give (their contact creates will be blocked naming the key).
   */
  contactRequired?: { filled: Record<string, string>; unfilled: string[] };
  /** the same, read with organization B's key (`otherOrg.contact.createAttributes` gives its values) */
  contactRequiredOther?: { filled: Record<string, string>; unfilled: string[] };
  /**
   * Each kept record (fixtures/kept-records.ts) as the server showed it before any check, by
   * fixtures key; a record the server serves no read of is absent. The run reads them again at its
   * end and reports what changed (suites/preflight/kept-audit.ts).
   */
  kept?: Record<string, SpecRecord>;
  /** which of each list the user gave up this run takes (suites/preflight/given-up.ts) */
  givenUp?: { taskToArchive?: GivenUpPick; otherDomain?: GivenUpPick };
  /**
   * The reads the fixtures check sent with organization A's key, by path below the base URL with its
   * query (`/note/…`, `/x/…/relationship/y?page_size=50`), and when each was sent (this client's clock,
   * ms): a check of the same read's answer judges this one instead of sending it again
   * (suites/steps/read-once.ts).
   */
  reads?: Record<string, { ex: Exchange; sentAt: number }>;
}

/**
 * Which value of a list the user gave up (`taskToArchive`, `accountWithDomains.otherDomain`: one per
 * complete run) this run takes: the first an earlier run has not used up.
 */
export interface GivenUpPick {
  /** the value this run uses; absent when an earlier run used up every one */
  value?: string;
  /** its place in the list (0-based), and the list's length */
  index: number;
  count: number;
  /** the values passed over, used up by earlier runs (archived, removed) */
  usedUp: string[];
  /** whether the server showed it unused (a task read, an account read); false: taken unseen, the first left */
  seen: boolean;
}
