import type { CheckContext } from '../check/context.js';
import type { Exchange } from '../http/exchange.js';

/**
 * Some effects the spec states can only be seen through a route it does not state (an archived
 * account's archived_at needs GET /account/{id}, which the spec never names). A conforming server
 * may not serve that route, so: try it; if it answers 2xx, hand the exchange to `verify` (which may
 * fail the check); if it answers 404 or 405, record that the effect could not be observed. Any other
 * answer is recorded too: the route is not the spec's, so it cannot be a deviation.
 */
export async function throughUnstatedRoute(c: CheckContext, path: string, effect: string, verify: (ex: Exchange) => void): Promise<void> {
  const ex = await c.api.get(path);
  const status = ex.response?.status;
  if (status !== undefined && status >= 200 && status <= 299) {
    verify(ex);
    return;
  }
  c.observe('unobservable', `${effect}: could not be observed, GET ${path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}')} (a route the spec does not state) answered ${status ?? ex.transportError ?? 'nothing'}`);
}
