import path from 'node:path';
import type { RunConfig } from '../config/resolve.js';
import { SETTINGS } from '../config/settings.js';
import { quoteIfNeeded, type RerunTarget } from '../evidence/rerun.js';
import type { Target } from '../target/target.js';
import type { ReferenceFlags, RunArgs } from './args.js';

/**
 * The flags a rerun needs to reach the same server: the base URL and fixtures file as given, every
 * key the run had as the variable the suite reads it from (never its value), the options that shape
 * what the checks send; for the embedded server, the flags that shaped it (its faults, profile…).
 */
export function rerunTarget(config: RunConfig, args: RunArgs, target: Target, cwd: string): RerunTarget {
  const out: string[] = [];
  if (!target.embedded) out.push(`--base-url ${quoteIfNeeded(target.baseUrl)}`);
  else out.push(...referenceArgs(args.reference));
  if (config.fixturesFile !== undefined) out.push(`--fixtures ${quoteIfNeeded(config.fixturesFile)}`);
  if (!target.embedded) {
    out.push(`--api-key "$${SETTINGS.apiKey.env}"`);
    if (target.keys.otherOrgApiKey !== undefined) out.push(`--other-org-api-key "$${SETTINGS.otherOrgApiKey.env}"`);
    if (target.keys.readOnlyApiKey !== undefined) out.push(`--read-only-api-key "$${SETTINGS.readOnlyApiKey.env}"`);
  }
  if (config.readOnly) out.push('--read-only');
  if (String(config.cases) !== SETTINGS.cases.default) out.push(`--cases ${config.cases}`);
  // a stated link on an allowed host is followed again only where the run was allowed to follow it
  for (const host of config.allowHosts) out.push(`--allow-host ${quoteIfNeeded(host)}`);
  const rel = path.relative(cwd, config.reportDir);
  const reportDir = rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? config.reportDir : rel;
  return { args: out.join(' '), reportDir };
}

/** The embedded reference server's own flags, as they were given. */
export function referenceArgs(r: ReferenceFlags): string[] {
  const out: string[] = [];
  if (r.profile !== undefined) out.push(`--profile ${r.profile}`);
  if (r.statedRoutesOnly) out.push('--stated-routes-only');
  for (const f of r.faults ?? []) out.push(`--fault ${quoteIfNeeded(f)}`);
  // a legal choice the server made changes what the checks meet: the rerun's server makes it too
  for (const v of r.variations ?? []) out.push(`--variation ${quoteIfNeeded(v)}`);
  if (r.rateLimitEvery !== undefined) out.push(`--rate-limit-every ${r.rateLimitEvery}`);
  if (r.latencyMs !== undefined) out.push(`--latency-ms ${r.latencyMs}`);
  if (r.quota?.kind === 'bucket') out.push(`--quota-bucket ${r.quota.ratePerS}:${r.quota.burst}`);
  if (r.quota?.kind === 'window') out.push(`--quota-window ${r.quota.limit}:${r.quota.windowS}`);
  if (r.retryAfter !== undefined) out.push(`--retry-after ${r.retryAfter}`);
  if (r.quotaHeaders !== undefined) out.push(`--quota-headers ${r.quotaHeaders}`);
  if (r.fixtures === 'sparse') out.push('--sparse-fixtures');
  return out;
}
