import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { authenticate } from './auth.js';
import type { Clock } from './clock.js';
import type { Context } from './context.js';
import { ApiError, apiError, errorBody } from './errors.js';
import { checkAccept, readJsonBody } from './http-body.js';
import type { User } from './model.js';
import type { ResolvedOptions } from './options.js';
import type { Profile } from './profile.js';
import { transcriptFile } from './routes/meetings.js';
import { writeReply, type Reply, type RequestInfo, type ResponseMapper } from './respond.js';
import { isWrite, matchRoute, validateParams, type Route } from './router.js';
import type { Store } from './store.js';
import type { Quota } from './quota/quota.js';

export const BASE_PATH = '/api/v2/public';

/** Everything one running reference server holds; faults receive it to bend one rule. */
export interface ServerState {
  options: ResolvedOptions;
  profile: Profile;
  store: Store;
  clock: Clock;
  routes: Route[];
  /** API key to its user */
  principals: Map<string, User>;
  /** applied in order to every response, errors included */
  responseMappers: ResponseMapper[];
  /** applied in order to every request before any check (fault hook: bend what the server sees) */
  requestHooks: RequestHook[];
  /** flags of the faults that need a small hook inside a handler; see faults/ (empty when none) */
  faults: Set<string>;
  /** flags of the legal variations that hook into handlers (variations/); empty in the default profile */
  variations: Set<string>;
  requestCount: number;
  /** where the API is served: BASE_PATH (a fault may move it) */
  basePath: string;
  /** the quota every request is metered against (--quota-bucket, --quota-window); absent: none */
  quota?: Quota;
}

/** A rewrite of an incoming request (headers) before the server looks at it. */
export type RequestHook = (req: IncomingMessage, info: RequestInfo) => void;

function rateLimited(state: ServerState): ApiError | undefined {
  const every = state.options.rateLimitEvery;
  if (every <= 0 || state.requestCount % every !== 0) return undefined;
  const seconds = state.options.retryAfterSeconds;
  return apiError(
    429,
    'rate_limit_exceeded',
    'Too many requests',
    { retry_after_seconds: seconds },
    { 'Retry-After': String(seconds) },
  );
}

/**
 * The order of checks: rate limit and quota, base path, authentication, read-only key, route (404/405),
 * Accept (406), body (413, 415, 400), path parameters (404 unknown custom object, 400 uuid),
 * then the handler.
 */
async function process(
  state: ServerState,
  req: IncomingMessage,
  { info, url }: { info: RequestInfo; url: URL },
  quotaFields: Record<string, string>,
): Promise<Reply> {
  const requested = req.url;
  for (const hook of state.requestHooks) hook(req, info);
  state.requestCount += 1;
  const limited = rateLimited(state);
  if (limited) throw limited;
  const refused = state.quota?.take(quotaFields);
  if (refused) throw apiError(429, 'rate_limit_exceeded', 'Quota exceeded', null, refused);
  // a pre-signed link answers without an API key (reference/routes/meetings.ts)
  const file = transcriptFile(info.method, req.url ?? '/', state.clock.now());
  if (file) return file;
  if (!info.path.startsWith('/'))
    throw apiError(404, 'record_not_found', `No resource outside ${state.basePath}`, { path: info.path });
  const user = authenticate(req, state.principals);
  // fault read-only-can-delete: the read-only key is refused POST, PUT and PATCH only
  if (
    user.readOnly &&
    isWrite(info.method) &&
    !(state.faults.has('read-only-can-delete') && info.method === 'DELETE')
  ) {
    throw apiError(403, 'write_not_supported', 'This API key is read-only', { method: info.method });
  }
  const org = state.store.orgs.get(user.orgId);
  if (!org) throw new Error(`user ${user.id} has no org`);
  const { route, params } = matchRoute(state.routes, info.method, info.path, org, state.options.statedRoutesOnly);
  checkAccept(req);
  const body = await readJsonBody(req);
  validateParams(params, org);
  const ctx: Context = {
    store: state.store,
    org,
    user,
    options: state.options,
    profile: state.profile,
    clock: state.clock,
    method: info.method,
    path: info.path,
    params,
    faults: state.faults,
    variations: state.variations,
    // the URL read once per request, again only where a request hook rewrote it
    query: (req.url === requested ? url : urlOf(req.url)).searchParams,
    ...(req.headers.host ? { origin: `http://${req.headers.host}` } : {}),
    body,
  };
  return route.handler(ctx);
}

function urlOf(requested: string | undefined): URL {
  return new URL(requested ?? '/', 'http://reference.invalid');
}

function pathBelowBase(url: URL, basePath: string): string {
  const pathname = url.pathname;
  // a path outside the base path is kept without a leading slash, which marks it unknown
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : pathname.slice(1);
}

export function createReferenceHttpServer(state: ServerState): Server {
  const settings = { profile: state.profile, latencyMs: state.options.latencyMs, mappers: state.responseMappers };
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = urlOf(req.url);
    const info: RequestInfo = { method: req.method ?? 'GET', path: pathBelowBase(url, state.basePath) };
    // the quota's fields go on every answer, the handler's and the errors alike
    const quotaFields: Record<string, string> = {};
    process(state, req, { info, url }, quotaFields)
      .catch((err: unknown): Reply => {
        const error =
          err instanceof ApiError
            ? err
            : // no listed code means "internal"; write_not_supported is the closest ("could not do it")
              apiError(
                500,
                'write_not_supported',
                `Internal error: ${err instanceof Error ? err.message : String(err)}`,
                null,
              );
        return { status: error.status, body: errorBody(error, state.profile), headers: error.headers };
      })
      .then((reply) => writeReply(res, { ...reply, headers: { ...quotaFields, ...reply.headers } }, info, settings))
      .catch(() => res.destroy());
  });
}
