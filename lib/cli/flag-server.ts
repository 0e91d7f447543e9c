import type { FixturesSchema } from '../config/fixtures-file.js';
import { environment, resolveConfig, type Values } from '../config/resolve.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { redactorFor } from '../redact/redactor-for.js';
import { useRunRedactor } from '../redact/run-redactor.js';
import type { Redactor } from '../redact/redact.js';
import type { TargetKeys } from '../target/target.js';

/** The flags `init` and `cleanup` take to name a server, as node:util parses them. */
export interface ServerFlags {
  'base-url'?: string;
  'api-key'?: string;
  'other-org-api-key'?: string;
  'read-only-api-key'?: string;
  fixtures?: string;
  timeout?: string;
  'max-wait'?: string;
}

/** A server a command other than a run talks to: its URL, organization A's key (and B's), its limits. */
export interface FlagServer {
  baseUrl: string;
  keys: TargetKeys;
  timeoutMs: number;
  maxWaitMs: number;
  redactor: Redactor;
  /** the key flags given on the command line (the others came from the environment, .env or the fixtures file) */
  keyFlags: ReadonlyArray<'api-key' | 'other-org-api-key' | 'read-only-api-key'>;
}

/**
 * The server `command` talks to, resolved as for a run (flag > environment > .env > fixtures file); a
 * base URL and organization A's key are required. Their keys are redacted from every line from here on.
 */
export function serverOfFlags(
  v: ServerFlags,
  cwd: string,
  o: { command: string; baseUrlIs: string; fixturesSchema: FixturesSchema },
): FlagServer {
  const settings: Values = {};
  if (v['base-url'] !== undefined) settings.baseUrl = v['base-url'];
  if (v['api-key'] !== undefined) settings.apiKey = v['api-key'];
  if (v['other-org-api-key'] !== undefined) settings.otherOrgApiKey = v['other-org-api-key'];
  if (v['read-only-api-key'] !== undefined) settings.readOnlyApiKey = v['read-only-api-key'];
  if (v.fixtures !== undefined) settings.fixtures = v.fixtures;
  if (v.timeout !== undefined) settings.timeoutMs = v.timeout;
  if (v['max-wait'] !== undefined) settings.maxWait = v['max-wait'];
  const config = resolveConfig(settings, environment(cwd), o.fixturesSchema, cwd);
  if (config.baseUrl === undefined)
    throw new RunCannotStart(`${o.command} needs --base-url (or CONFORMANCE_BASE_URL): ${o.baseUrlIs}`);
  if (config.apiKey === undefined)
    throw new RunCannotStart(`${o.command} needs --api-key (or CONFORMANCE_API_KEY): the key of organization A`);
  const keys: TargetKeys = { apiKey: config.apiKey };
  if (config.otherOrgApiKey !== undefined) keys.otherOrgApiKey = config.otherOrgApiKey;
  if (config.readOnlyApiKey !== undefined) keys.readOnlyApiKey = config.readOnlyApiKey;
  const redactor = redactorFor(keys);
  useRunRedactor(redactor);
  // which keys came as flags: a command printed for the user to run next cannot repeat them
  const fromFlags = (['api-key', 'other-org-api-key', 'read-only-api-key'] as const).filter((f) => v[f] !== undefined);
  return {
    baseUrl: config.baseUrl,
    keys,
    timeoutMs: config.timeoutMs,
    maxWaitMs: config.maxWaitMs,
    redactor,
    keyFlags: fromFlags,
  };
}
