import type { Fixtures } from '../spec/register.js';
import type { TargetKeys } from '../target/target.js';

/** A quota the embedded reference meters every request against: a token bucket or a fixed window. */
export type QuotaFlags =
  { kind: 'bucket'; ratePerS: number; burst: number } | { kind: 'window'; limit: number; windowS: number };

/** Flags that shape the embedded reference server (ignored when --base-url is given). */
export interface ReferenceFlags {
  profile?: 'default' | 'alternate';
  statedRoutesOnly?: boolean;
  faults?: string[];
  /** legal variations (reference/variations/) */
  variations?: string[];
  rateLimitEvery?: number;
  latencyMs?: number;
  /** --quota-bucket RATE:BURST or --quota-window LIMIT:SECONDS (reference/quota/) */
  quota?: QuotaFlags;
  /** --retry-after seconds|date|none: how the quota's 429s say when to come back */
  retryAfter?: 'seconds' | 'date' | 'none';
  /** --quota-headers none|ratelimit|x-ratelimit: the quota fields every answer carries */
  quotaHeaders?: 'none' | 'ratelimit' | 'x-ratelimit';
  /** hand out (and run with) the sparse fixtures: what a typical user writes */
  fixtures?: 'sparse';
}

/** The embedded reference, started: where it listens, its keys, and the fixtures file it hands out. */
export interface RunningReference {
  baseUrl: string;
  keys: Required<TargetKeys>;
  fixtures: Fixtures;
  close(): Promise<void>;
}

/**
 * The spec's own implementation, embedded in the suite: the default target of a run, `serve`'s
 * server, and the oracle the suite must pass, with its faults and legal variations (reference/).
 */
export interface EmbeddedReference {
  start(options: ReferenceFlags & { port?: number }): Promise<RunningReference>;
  /** each legal variation: what it does, and the spec's words that leave the choice open */
  variations(): Promise<readonly { id: string; description: string; quote: string }[]>;
}
