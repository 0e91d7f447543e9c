import { customObjectOf, isRecordType } from './attributes/index.js';
import type { Context } from './context.js';
import { apiError, invalid } from './errors.js';
import type { Org } from './model.js';
import type { Reply } from './respond.js';
import { isUuid } from './values.js';

/** Synchronous in the reference; a fault may wrap one in an async handler (faults/). */
export type Handler = (ctx: Context) => Reply | Promise<Reply>;

export interface Route {
  method: string;
  pattern: string;
  /** whether the spec states this route (for these params); unstated routes vanish under statedRoutesOnly */
  stated: (params: Record<string, string>) => boolean;
  handler: Handler;
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

const CUSTOM_OBJECT_PARAM = 'custom_object_api_name';

export function route(
  method: string,
  pattern: string,
  handler: Handler,
  stated: boolean | Route['stated'] = true,
): Route {
  return { method, pattern, handler, stated: typeof stated === 'function' ? stated : () => stated };
}

/**
 * A pattern's segments, split once: every request is matched against every route, and splitting each
 * pattern again for each was most of the router's time.
 */
const partsOf = new Map<string, readonly string[]>();
function patternParts(pattern: string): readonly string[] {
  let parts = partsOf.get(pattern);
  if (parts === undefined) {
    parts = pattern.split('/').slice(1);
    partsOf.set(pattern, parts);
  }
  return parts;
}

function matchPattern(pattern: string, segments: string[]): Record<string, string> | undefined {
  const parts = patternParts(pattern);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i] ?? '';
    if (part.startsWith(':')) {
      const name = part.slice(1);
      if (segment === '') return undefined;
      if (name === CUSTOM_OBJECT_PARAM && !segment.startsWith('cus_obj__')) return undefined;
      params[name] = segment;
    } else if (part !== segment) {
      return undefined;
    }
  }
  return params;
}

const literals = new Map<string, number>();
function literalCount(pattern: string): number {
  let n = literals.get(pattern);
  if (n === undefined) {
    n = pattern.split('/').filter((p) => p && !p.startsWith(':')).length;
    literals.set(pattern, n);
  }
  return n;
}

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

export function isWrite(method: string): boolean {
  return WRITE_METHODS.includes(method);
}

/**
 * Find the route for a path below the base path. No route for the path: 404; the path exists
 * but not with this method: 405 with an Allow header. The most specific pattern wins, so
 * /{custom_object}/_upsert is not mistaken for /{custom_object}/{record_id}.
 */
export function matchRoute(
  routes: readonly Route[],
  method: string,
  path: string,
  org: Org,
  statedOnly: boolean,
): RouteMatch {
  let segments: string[];
  try {
    segments = path.split('/').slice(1).map(decodeURIComponent);
  } catch {
    segments = [];
  }
  const candidates = routes
    .map((r) => ({ route: r, params: matchPattern(r.pattern, segments) }))
    .filter((c): c is RouteMatch => c.params !== undefined && (!statedOnly || c.route.stated(c.params)));
  if (candidates.length === 0) {
    const first = segments[0] ?? '';
    const known = isRecordType(org, first) || first.startsWith('_');
    throw known
      ? apiError(404, 'record_not_found', `No resource at ${path}`, { path })
      : apiError(404, 'unknown_record_type', `Unknown record type or path ${path}`, { path, record_type: first });
  }
  const best = Math.max(...candidates.map((c) => literalCount(c.route.pattern)));
  const pool = candidates.filter((c) => literalCount(c.route.pattern) === best);
  const found = pool.find((c) => c.route.method === method);
  if (found) return found;
  const allow = [...new Set(pool.map((c) => c.route.method))].join(', ');
  const details = { method, allowed_methods: allow.split(', ') };
  // a write to a read-only resource is "write not supported"; other methods fail validation
  throw isWrite(method)
    ? apiError(405, 'write_not_supported', `${method} is not supported on ${path}`, details, { Allow: allow })
    : apiError(
        405,
        'request_validation_failed',
        `${method} is not allowed on ${path}`,
        {
          loc: ['method'],
          type: 'method_not_allowed',
          all_errors: [{ loc: ['method'], type: 'method_not_allowed', msg: `${method} is not allowed` }],
          ...details,
        },
        { Allow: allow },
      );
}

/** Custom-object names must exist in the org; every `*_id` parameter must be a uuid. */
export function validateParams(params: Record<string, string>, org: Org): void {
  const objectName = params[CUSTOM_OBJECT_PARAM];
  if (objectName !== undefined && !customObjectOf(org, objectName)) {
    throw apiError(404, 'unknown_record_type', `Unknown record type ${objectName}`, { record_type: objectName });
  }
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith('_id') && !isUuid(value)) throw invalid(['path', name], 'uuid_parsing', `${name} must be a uuid`);
  }
}
