import { randomBytes } from 'node:crypto';
import type { QuotaHeaders, QuotaOptions, RetryAfterForm } from './quota/quota.js';

export interface ReferenceKeys {
  apiKey: string;
  otherOrgApiKey: string;
  readOnlyApiKey: string;
}

export interface ReferenceOptions {
  /** default 0 (a free port) */
  port?: number;
  /** default '127.0.0.1' */
  host?: string;
  /** serve only the routes the spec states; the others answer 404 or 405 */
  statedRoutesOnly?: boolean;
  /** 'alternate' makes different choices wherever the spec says "not shown" */
  profile?: 'default' | 'alternate';
  /** named deviations from the spec, see reference/faults/ */
  faults?: string[];
  /** legal choices where the spec leaves one open, made the other way; see reference/variations/ */
  variations?: string[];
  /** every Nth request is answered 429, unprocessed */
  rateLimitEvery?: number;
  /** the Retry-After of those 429s; default 1 */
  retryAfterSeconds?: number;
  /** delay before every response */
  latencyMs?: number;
  /** a quota every request is metered against (reference/quota/): a token bucket or a fixed window */
  quota?: QuotaOptions;
  /** how a refusal of the quota says when to come back: delay-seconds (default), an HTTP-date, or not at all */
  retryAfter?: RetryAfterForm;
  /** the quota fields every answer carries: none (default), the IETF draft's `RateLimit`, or `X-RateLimit-*` */
  quotaHeaders?: QuotaHeaders;
  /** override the generated keys */
  keys?: Partial<ReferenceKeys>;
  /** the fixtures it hands out: 'full' (default, every key) or 'sparse' (what a typical user writes) */
  fixtures?: 'full' | 'sparse';
}

/** Options with every default filled in; what handlers see as `ctx.options`. */
export interface ResolvedOptions {
  port: number;
  host: string;
  statedRoutesOnly: boolean;
  profile: 'default' | 'alternate';
  faults: readonly string[];
  variations: readonly string[];
  rateLimitEvery: number;
  retryAfterSeconds: number;
  latencyMs: number;
  quota: QuotaOptions | undefined;
  retryAfter: RetryAfterForm;
  quotaHeaders: QuotaHeaders;
  keys: ReferenceKeys;
  fixtures: 'full' | 'sparse';
}

export function generateKey(): string {
  return `pra_live_${randomBytes(16).toString('hex')}`;
}

export function resolveOptions(options: ReferenceOptions = {}): ResolvedOptions {
  return {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    statedRoutesOnly: options.statedRoutesOnly ?? false,
    profile: options.profile ?? 'default',
    faults: [...(options.faults ?? [])],
    variations: [...(options.variations ?? [])],
    rateLimitEvery: options.rateLimitEvery ?? 0,
    retryAfterSeconds: options.retryAfterSeconds ?? 1,
    latencyMs: options.latencyMs ?? 0,
    quota: options.quota,
    retryAfter: options.retryAfter ?? 'seconds',
    quotaHeaders: options.quotaHeaders ?? 'none',
    fixtures: options.fixtures ?? 'full',
    keys: {
      apiKey: options.keys?.apiKey ?? generateKey(),
      otherOrgApiKey: options.keys?.otherOrgApiKey ?? generateKey(),
      readOnlyApiKey: options.keys?.readOnlyApiKey ?? generateKey(),
    },
  };
}
