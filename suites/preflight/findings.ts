import type { BlockedBy } from '../../lib/check/outcome.js';

/**
 * What the fixtures check finds for this spec's checks, beside what the engine reads of it
 * (lib/check/preflight.ts): handed to the checks with the target (`c.target.preflight`).
 */
export interface FixturesCheckFindings {
  /**
   * The custom object's samples as the server typed them (attribute → value_type), from one upsert
   * of the samples as given; or the step that failed, which blocks the checks that need to know.
   * Absent: not checked (no customObject fixture, or --read-only).
   */
  customObject?: { valueTypes: Record<string, string> } | { blockedBy: BlockedBy };
  /**
   * What GET /_schema/{contact,account,opportunity} marks `is_required_on_create` beyond the spec's own
   * fields and the fixtures' `createAttributes`, by fixtures key (`contact.createAttributes`,
   * `otherOrg.account.createAttributes`: organization B is another workspace, read with its key).
   */
  requiredOnCreate?: Record<string, RequiredFound>;
  /**
   * What the discovery answers the fixtures check read list: relationships (by the type they lead
   * from and to), custom objects, and every such name. A fixtures name the server refuses as unknown
   * is a fixtures problem unless it is among them (suites/spec/fixture-refused.ts).
   */
  discovered?: {
    relationships: Array<{ apiName: string; relatedType: string; ownerType?: string }>;
    customObjects: string[];
    names: string[];
  };
  /** which of each list the user gave up this run takes (suites/preflight/given-up.ts) */
  givenUp?: { taskToArchive?: GivenUpPick; otherDomain?: GivenUpPick };
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

/**
 * A record type's required create attributes the fixtures do not give: those of a type the run fills
 * with a value of its own on each create (attribute → value type), and the others, which only the user
 * can give (their creates will be blocked naming the key).
 */
export interface RequiredFound {
  fill: Record<string, string>;
  unfilled: string[];
}
