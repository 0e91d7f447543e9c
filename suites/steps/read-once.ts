import type { CheckContext } from '../../lib/check/context.js';
import type { Exchange } from '../../lib/http/exchange.js';

/**
 * GET `path` with organization A's key, sent at most once per run and judged by each check of that
 * answer under its own rule: the fixtures check's own read of it when it made that read before the
 * checks (the same request, already answered: suites/preflight/fixtures-check.ts), else a run-scoped
 * set-up named `key` (lib/runner/run-setups.ts). `sentAt`: when it was sent (this client's clock, ms).
 */
export function readOnce(
  c: CheckContext,
  key: string,
  path: string,
  query: Record<string, string | number> = {},
): Promise<{ ex: Exchange; sentAt: number }> {
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const done = c.target.preflight?.reads?.[`${path}${search ? `?${search}` : ''}`];
  if (done) return Promise.resolve(done);
  return c.shared(key, async (s) => {
    const sentAt = Date.now();
    return { ex: await s.api.get(path, { query }), sentAt };
  });
}
