import type { ExchangeResponse } from '../http/exchange.js';
import { isUuid, segment } from '../http/under-base.js';
import { shortBare, shortText } from '../util/short-text.js';
import { isCustomObjectApiName } from '../target/identifiers.js';

/** A record a 2xx answer to a POST shows created, and the DELETE that archives or removes it. */
export interface CreatedRecord {
  id: string;
  type: string;
  /** DELETE this path to archive or remove it; null when the API states no way */
  path: string | null;
  /** for an edge: its two ends */
  ends?: [string, string];
  /** an upsert: the record may have existed before (matched); only archived when the match value is the run's */
  upsert?: boolean;
  /** why a record with a DELETE is nevertheless not archived */
  note?: string;
}

/**
 * A path built from an id the server gave goes into the ledger that `cleanup` replays: only a uuid
 * (spec: "Path parameters named `*_id` are uuid strings") is put into one, so a hostile id such as
 * `../../admin/users/all` never becomes a DELETE.
 */
function archivable(r: CreatedRecord, ids: readonly string[]): CreatedRecord {
  if (r.path === null || ids.every((i) => isUuid(i))) return r;
  // an explicit boolean: an inferred `i is never` predicate would type the find as undefined
  const notUuid = ids.find((i): boolean => !isUuid(i));
  const bad = shortText(notUuid ?? '');
  return {
    ...r,
    path: null,
    note: `the server gave an id that is not a uuid (${bad}): it goes into no request path, so it is not archived`,
  };
}

const SEGMENT = '([^/?#]+)';
const CREATES: ReadonlyArray<{
  re: RegExp;
  of: (m: RegExpExecArray, res: ExchangeResponse, requestBody: unknown) => CreatedRecord | undefined;
}> = [
  { re: /^\/contact\/?$/, of: (_m, res) => withId(res, (id) => ({ id, type: 'contact', path: null })) },
  {
    re: /^\/account\/?$/,
    of: (_m, res) => withId(res, (id) => archivable({ id, type: 'account', path: `/account/${id}` }, [id])),
  },
  { re: /^\/opportunity\/?$/, of: (_m, res) => withId(res, (id) => ({ id, type: 'opportunity', path: null })) },
  {
    re: new RegExp(`^/contact/${SEGMENT}/relationship/${SEGMENT}/?$`),
    of: (m, res, body) =>
      withTarget(res, body, (t) => ({
        id: `contact/${m[1]}/relationship/${m[2]}/${t}`,
        type: 'edge',
        path: null,
        ends: [m[1]!, t],
      })),
  },
  {
    re: new RegExp(`^/opportunity/${SEGMENT}/relationship/${SEGMENT}/?$`),
    of: (m, res, body) =>
      withTarget(res, body, (t) =>
        archivable(
          {
            id: `opportunity/${m[1]}/relationship/${m[2]}/${t}`,
            type: 'edge',
            path: `/opportunity/${m[1]}/relationship/${m[2]}/${isUuid(t) ? t : ''}`,
            ends: [m[1]!, t],
          },
          [t],
        ),
      ),
  },
  {
    re: new RegExp(`^/${SEGMENT}/_upsert/?$`),
    of: (m, res) =>
      withId(res, (id) =>
        archivable({ id, type: decodeURIComponent(m[1]!), path: `/${m[1]}/${id}`, upsert: true }, [id]),
      ),
  },
];

/**
 * What a POST created, judged from its path (relative to the base URL) and its 2xx answer; undefined
 * for anything else. A 2xx `{ data: { id, record_type } }` on a path not listed here (a server that
 * accepts an odd path) is still recorded, by its record_type, so nothing the run made goes unlisted.
 */
export function createdBy(
  method: string,
  path: string,
  res: ExchangeResponse | undefined,
  requestBody: string | undefined,
): CreatedRecord | undefined {
  if (method.toUpperCase() !== 'POST' || !res || res.status < 200 || res.status > 299) return undefined;
  const bare = path.split(/[?#]/)[0] ?? path;
  let body: unknown;
  try {
    body = requestBody === undefined ? undefined : JSON.parse(requestBody);
  } catch {
    body = undefined;
  }
  for (const c of CREATES) {
    const m = c.re.exec(bare);
    if (m) return c.of(m, res, body);
  }
  return withId(res, (id, recordType) => {
    if (recordType === 'account') return archivable({ id, type: 'account', path: `/account/${id}` }, [id]);
    // a record_type goes into the archive path only when it is a safe custom-object api_name
    if (isCustomObjectApiName(recordType))
      return archivable({ id, type: recordType, path: `/${segment(recordType)}/${id}` }, [id]);
    return { id, type: recordType === undefined ? 'unknown' : shortBare(recordType, 128), path: null };
  });
}

function withId(
  res: ExchangeResponse,
  make: (id: string, recordType: string | undefined) => CreatedRecord,
): CreatedRecord | undefined {
  const data = (res.json as { data?: { id?: unknown; record_type?: unknown } } | undefined)?.data;
  if (!data || typeof data !== 'object' || typeof data.id !== 'string' || data.id === '') return undefined;
  return make(data.id, typeof data.record_type === 'string' ? data.record_type : undefined);
}

function withTarget(
  res: ExchangeResponse,
  requestBody: unknown,
  make: (target: string) => CreatedRecord,
): CreatedRecord | undefined {
  const fromItem = (res.json as { item?: { related_record_id?: unknown } } | undefined)?.item?.related_record_id;
  const fromBody = (requestBody as { related_record_id?: unknown } | undefined)?.related_record_id;
  const target = typeof fromItem === 'string' ? fromItem : typeof fromBody === 'string' ? fromBody : undefined;
  return target === undefined ? undefined : make(target);
}
