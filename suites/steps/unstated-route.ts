import type { CheckContext } from '../../lib/check/context.js';
import type { Conformance } from '../../lib/check/expect-conform.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { recordOf, type ApiRecord } from '../spec/record.js';
import { relatedIds } from './relationship.js';
import { OperationIndex } from '../../lib/operations/operation-index.js';
import { OPERATIONS } from '../spec/operations.js';
import { apiOperationsOf } from '../spec/api-operations.js';
import type { AnyTable } from '../spec/operation-row.js';

/**
 * What a read goes through: `archived` when the record it names is (or may be) archived, so that a
 * stated read whose row allows a 404 for an archived record (`archived404`) has that 404 recorded,
 * not taken for a failed set-up step; `table` the operation table (a test's copy; the spec's by default).
 */
export interface ReadThrough {
  archived?: boolean;
  table?: AnyTable;
}

const indexes = new WeakMap<AnyTable, OperationIndex>();

/** The index of a table's operations, made once per table. */
function indexOf(table: AnyTable): OperationIndex {
  let index = indexes.get(table);
  if (index === undefined) {
    index = new OperationIndex(apiOperationsOf(table));
    indexes.set(table, index);
  }
  return index;
}

/**
 * Some effects the spec states can only be seen through a route it does not state (an archived
 * account's archived_at needs GET /account/{id}, which the spec never names). A conforming server
 * may not serve that route, so: try it; if it answers 2xx, hand the exchange to `verify` (which may
 * fail the check); if it answers 404 or 405, record that the effect could not be observed. Any other
 * answer is recorded too: the route is not the spec's, so it cannot be a deviation.
 *
 * A read the operation table states (suites/spec/operations.ts: a row added for it, GET
 * /account/{account_id} say) is no such route: its answer is a set-up step of the check, which blocks
 * it when the read fails (the read's own checks judge that), so the call sites follow the table. Its
 * 404 for an archived record, where its row allows one, is recorded as for an unstated route.
 */
export async function throughUnstatedRoute(
  c: CheckContext,
  path: string,
  effect: string,
  verify: (ex: Exchange) => void,
  through: ReadThrough = {},
): Promise<void> {
  const ex = await c.api.get(path);
  const table: AnyTable = through.table ?? OPERATIONS;
  const stated = indexOf(table).endpointOf('GET', path);
  const status = ex.response?.status;
  if (stated !== undefined && through.archived === true && status === 404 && table[stated]?.archived404 === 'allowed') {
    c.observe(
      'unobservable',
      `${effect}: could not be observed, GET ${withoutIds(path)} answered 404 for an archived record (${stated} may: what reading an archived record gives is not shown)`,
    );
    return;
  }
  if (stated !== undefined) {
    c.setup(ex, stated);
    verify(ex);
    return;
  }
  if (status !== undefined && status >= 200 && status <= 299) {
    verify(ex);
    return;
  }
  c.observe(
    'unobservable',
    `${effect}: could not be observed, GET ${withoutIds(path)} (a route the spec does not state) answered ${status ?? ex.transportError ?? 'nothing'}`,
  );
}

/**
 * `throughUnstatedRoute` for a record read: `verify` gets the record when the answer is
 * `{ data: record }` for the id asked about. Any other 2xx (another shape, a catch-all page) is
 * recorded like a 404: the route is not the spec's, so its shape cannot be a deviation.
 */
export async function throughUnstatedRecordRead(
  c: CheckContext,
  path: string,
  effect: string,
  verify: (record: ApiRecord, e: Conformance) => void,
  through: ReadThrough = {},
): Promise<void> {
  const stated = indexOf(through.table ?? (OPERATIONS as AnyTable)).endpointOf('GET', path);
  await throughUnstatedRoute(
    c,
    path,
    effect,
    (ex) => {
      const record = recordOf(ex.response?.json);
      if (record && path.endsWith(`/${record.id}`)) {
        verify(record, c.expect(ex));
        return;
      }
      if (stated !== undefined)
        c.block(stated, `HTTP ${ex.response?.status ?? '?'} without { data: record } for that id`, ex);
      c.observe(
        'unobservable',
        `${effect}: could not be observed, GET ${withoutIds(path)} (a route the spec does not state) answered HTTP ${ex.response?.status ?? '?'} without { data: record } for that id`,
      );
    },
    through,
  );
}

/**
 * `throughUnstatedRoute` for a relationship page read: `verify` gets the related_record_ids of its
 * items. An answer without an `items` array says nothing about the edges: recorded, never taken for
 * an empty page.
 */
export async function throughUnstatedPage(
  c: CheckContext,
  path: string,
  effect: string,
  verify: (ids: unknown[], e: Conformance) => void,
  through: ReadThrough = {},
): Promise<void> {
  const stated = indexOf(through.table ?? (OPERATIONS as AnyTable)).endpointOf('GET', path);
  await throughUnstatedRoute(
    c,
    path,
    effect,
    (ex) => {
      const items = (ex.response?.json as { items?: unknown } | undefined)?.items;
      if (Array.isArray(items)) {
        verify(relatedIds(ex.response?.json), c.expect(ex));
        return;
      }
      if (stated !== undefined) c.block(stated, `HTTP ${ex.response?.status ?? '?'} without an items array`, ex);
      c.observe(
        'unobservable',
        `${effect}: could not be observed, GET ${withoutIds(path)} (a route the spec does not state) answered HTTP ${ex.response?.status ?? '?'} without an items array`,
      );
    },
    through,
  );
}

function withoutIds(path: string): string {
  return path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}');
}

/**
 * `throughUnstatedRecordRead` for a record that is, or may be, archived: a 404 of a stated read whose
 * row allows one for an archived record (`archived404`) is recorded, not taken for a failed set-up step.
 */
export function throughArchivedRecordRead(
  c: CheckContext,
  path: string,
  effect: string,
  verify: (record: ApiRecord, e: Conformance) => void,
  through: ReadThrough = {},
): Promise<void> {
  return throughUnstatedRecordRead(c, path, effect, verify, { ...through, archived: true });
}
