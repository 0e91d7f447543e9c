import type { CheckContext } from '../check/context.js';
import type { Conformance } from '../check/expect-conform.js';
import type { Exchange } from '../http/exchange.js';
import { recordOf, type ApiRecord } from '../check/record.js';
import { relatedIds } from './relationship.js';

/**
 * Some effects the spec states can only be seen through a route it does not state (an archived
 * account's archived_at needs GET /account/{id}, which the spec never names). A conforming server
 * may not serve that route, so: try it; if it answers 2xx, hand the exchange to `verify` (which may
 * fail the check); if it answers 404 or 405, record that the effect could not be observed. Any other
 * answer is recorded too: the route is not the spec's, so it cannot be a deviation.
 */
export async function throughUnstatedRoute(
  c: CheckContext,
  path: string,
  effect: string,
  verify: (ex: Exchange) => void,
): Promise<void> {
  const ex = await c.api.get(path);
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
): Promise<void> {
  await throughUnstatedRoute(c, path, effect, (ex) => {
    const record = recordOf(ex.response?.json);
    if (record && path.endsWith(`/${record.id}`)) {
      verify(record, c.expect(ex));
      return;
    }
    c.observe(
      'unobservable',
      `${effect}: could not be observed, GET ${withoutIds(path)} (a route the spec does not state) answered HTTP ${ex.response?.status ?? '?'} without { data: record } for that id`,
    );
  });
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
): Promise<void> {
  await throughUnstatedRoute(c, path, effect, (ex) => {
    const items = (ex.response?.json as { items?: unknown } | undefined)?.items;
    if (Array.isArray(items)) {
      verify(relatedIds(ex.response?.json), c.expect(ex));
      return;
    }
    c.observe(
      'unobservable',
      `${effect}: could not be observed, GET ${withoutIds(path)} (a route the spec does not state) answered HTTP ${ex.response?.status ?? '?'} without an items array`,
    );
  });
}

function withoutIds(path: string): string {
  return path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}');
}
