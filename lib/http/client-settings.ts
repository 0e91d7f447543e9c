import type { Redactor } from '../redact/redact.js';
import type { Target } from '../target/target.js';
import type { ClientSettings } from './client.js';

/** What every client of one server shares; each adds its own budget, log and refusals. */
export type ServerSettings = Pick<
  ClientSettings,
  'baseUrl' | 'operations' | 'keys' | 'timeoutMs' | 'maxResponseBytes' | 'maxWaitMs' | 'redactor'
>;

/**
 * The settings of a client of this server: its base URL and keys, the per-request --timeout, the
 * --max-response-bytes bound, --max-wait (for a client that keeps a pace of its own) and the redactor.
 */
export function serverSettings(
  server: Pick<Target, 'baseUrl' | 'operations' | 'keys' | 'timeoutMs'> & {
    maxResponseBytes?: number;
    maxWaitMs?: number;
  },
  redactor: Redactor,
): ServerSettings {
  return {
    baseUrl: server.baseUrl,
    operations: server.operations,
    keys: server.keys,
    timeoutMs: server.timeoutMs,
    ...(server.maxResponseBytes !== undefined ? { maxResponseBytes: server.maxResponseBytes } : {}),
    ...(server.maxWaitMs !== undefined ? { maxWaitMs: server.maxWaitMs } : {}),
    redactor,
  };
}
