import type { CheckContext } from '../../lib/check/context.js';
import type { Conformance } from '../../lib/check/expect-conform.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { recordOf, type ApiRecord } from '../spec/record.js';
import { relatedIds } from './relationship.js';
import { operationsInUse } from '../../lib/operations/in-use.js';
import type { OperationIndex } from '../../lib/operations/operation-index.js';

/**
 * Some effects the spec states can only be seen through a route it does not state (an archived
 * account's archived_at needs GET /account/{id}, which the spec never names). A conforming server
 * may not serve that route, so: try it; if it answers 2xx, hand the exchange to `verify` (which may
 * fail the check); if it answers 404 or 405, record that the effect could not be observed. Any other
 * answer is recorded too: the route is not the spec's, so it cannot be a deviation.
 *
 * A read the operation table states (suites/spec/operations.ts: a row added for it, GET
 * /account/{account_id} say) is no such route: its answer is a set-up step of the check, which blocks
 * it when the read fails (the read's own checks judge that), so the call sites follow the table.
 */
export async function throughUnstatedRoute(
  c: CheckContext,
  path: string,
  effect: string,
  verify: (ex: Exchange) => void,
  operations: OperationIndex = operationsInUse(),
): Promise<void> {
  const ex = await c.api.get(path);
  const stated = operations.endpointOf('GET', path);
  if (stated !== undefined) {
    c.setup(ex, stated);
    verify(ex);
    return;
  }
  const status = ex.response?.status;
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
  operations: OperationIndex = operationsInUse(),
): Promise<void> {
  const stated = operations.endpointOf('GET', path);
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
    operations,
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
  operations: OperationIndex = operationsInUse(),
): Promise<void> {
  const stated = operations.endpointOf('GET', path);
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
    operations,
  );
}

function withoutIds(path: string): string {
  return path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}');
}
