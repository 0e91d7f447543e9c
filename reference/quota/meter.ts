/** One request metered against the quota: taken or refused, and what the quota fields show. */
export interface Metered {
  ok: boolean;
  /** refused: how long until it would be taken (ms) */
  waitMs: number;
  /** the policy: `limit` requests per `windowS` seconds */
  limit: number;
  windowS: number;
  /** requests left now, and ms until more are available */
  remaining: number;
  resetMs: number;
}

export interface Meter {
  take(now: number): Metered;
}
