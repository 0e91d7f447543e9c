import type { OperationIndex } from '../operations/operation-index.js';
import type { TargetKeys } from '../target/target.js';
import { worstOutcome } from './worst-outcome.js';

/** Which credential a request carries. `raw` sends the given Authorization header value as is. */
export type Auth = keyof TargetKeys | 'none' | { raw: string };

/**
 * why the client did not send a request: --read-only, --max-requests, a URL outside the base URL, a stopped run, a
 * kept record
 */
export type RefusalKind = 'read-only' | 'max-requests' | 'outside-base' | 'stopped' | 'kept-record';

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/**
 * A request the suite never sends, whatever the server would answer, and why: one that archives or
 * removes something of a record the fixtures file keeps, or (--read-only) one that could write.
 */
export function refusalOf(r: {
  method: string;
  path: string;
  auth: Auth;
  /** why the write changes nothing even if taken (sent under --read-only) */
  harmless: string | undefined;
  /** the archive of a record the check made: never refused by --read-only */
  exempt: boolean;
  readOnly: boolean;
  keptRecordOf: ((method: string, path: string) => string | undefined) | undefined;
  /** the API's operations: what a refused request is, and what it would have risked */
  operations: OperationIndex;
}): { kind: RefusalKind; message: string } | undefined {
  const { method, path, auth } = r;
  const kept = r.keptRecordOf?.(method, path);
  if (kept !== undefined) {
    const what = `${method.toUpperCase()} ${endpointOf(method, path, r.operations)} (${worstOutcome(method, path, r.operations)})`;
    return {
      kind: 'kept-record',
      message:
        `not sent: ${what} names ${kept}, a record the fixtures file keeps: ` +
        'the suite never archives or removes one of those',
    };
  }
  if (!r.readOnly || r.exempt || !WRITE_METHODS.has(method.toUpperCase()) || r.harmless !== undefined) return undefined;
  const endpoint = `${method.toUpperCase()} ${endpointOf(method, path, r.operations)}`;
  return {
    kind: 'read-only',
    message:
      auth === 'apiKey' || auth === 'otherOrgApiKey'
        ? `--read-only: this check writes (${endpoint})`
        : `--read-only: this check would ${worstOutcome(method, path, r.operations)} if the server wrongly accepted it ` +
          `(${endpoint} with ${authName(auth)})`,
  };
}

/** A key's name for a message, never its value. */
function authName(auth: Auth): string {
  if (auth === 'none') return 'no key';
  return typeof auth === 'object' ? 'an invalid key' : `the ${auth}`;
}

/** A request's endpoint as the spec writes it (POST /contact), or its path with ids shown as {id}. */
export function endpointOf(method: string, path: string, operations: OperationIndex): string {
  const bare = path.split(/[?#]/)[0] ?? path;
  const stated = operations.endpointOf(method, bare);
  if (stated) return stated.slice(stated.indexOf(' ') + 1);
  return bare.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}');
}
