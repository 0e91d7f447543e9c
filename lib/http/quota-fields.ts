/**
 * What a server says of its quota, read from the fields servers send:
 *
 * - the IETF httpapi draft (draft-ietf-httpapi-ratelimit-headers-08 and later):
 *   `RateLimit-Policy: "default";q=600;w=60` (quota `q` per window `w` seconds) and
 *   `RateLimit: "default";r=12;t=40` (`r` left, more available in `t` seconds); its draft 07
 *   dictionary `RateLimit: limit=600, remaining=12, reset=40`; and the separate fields of its earlier
 *   drafts, `RateLimit-Limit: 600` (or `600, 600;w=60`), `RateLimit-Remaining`, `RateLimit-Reset`;
 * - the common `X-RateLimit-Limit`, `-Remaining` and `-Reset`, whose reset is delta-seconds on most
 *   servers and a Unix time on others (GitHub): a value past 10^9 is read as a time (10^12 as ms).
 *
 * Several policies at once (a burst and a daily quota): the lowest rate and the fewest left win.
 * A value that does not parse is no hint; nothing here throws on what a server sends.
 */
export interface QuotaHint {
  /** requests allowed per window, when the server names a window */
  limit?: number;
  windowS?: number;
  /** requests left in the current window */
  remaining?: number;
  /** milliseconds until more quota is available */
  resetMs?: number;
  /** the fields it was read from, for the console */
  source: 'RateLimit' | 'X-RateLimit';
}

type Headers = Readonly<Record<string, string | undefined>>;

/** The quota the answer's fields describe; undefined when it sends none. */
export function quotaFields(h: Headers, now = Date.now()): QuotaHint | undefined {
  return draftFields(h) ?? legacyFields(h, now);
}

function draftFields(h: Headers): QuotaHint | undefined {
  const policy = h['ratelimit-policy'];
  const state = h['ratelimit'];
  const out: QuotaHint = { source: 'RateLimit' };
  for (const item of listItems(policy ?? '')) {
    const q = item.bare !== undefined && isNumber(item.bare) ? Number(item.bare) : num(item.params['q']);
    const w = num(item.params['w']);
    if (q !== undefined && w !== undefined && w > 0) keepLowestRate(out, q, w);
  }
  if (state !== undefined && /\b(limit|remaining|reset)\s*=/.test(state) && !/;/.test(state)) {
    // draft 07: one dictionary
    const d = new Map(
      state.split(',').map((kv): [string, string] => [kv.split('=')[0]!.trim(), kv.split('=')[1] ?? '']),
    );
    keepFewestLeft(out, num(d.get('remaining')), num(d.get('reset')));
  } else {
    for (const item of listItems(state ?? '')) keepFewestLeft(out, num(item.params['r']), num(item.params['t']));
  }
  // drafts up to 06: separate fields
  const limit = listItems(h['ratelimit-limit'] ?? '');
  for (const item of limit) {
    const w = num(item.params['w']);
    if (item.bare !== undefined && isNumber(item.bare) && w !== undefined && w > 0)
      keepLowestRate(out, Number(item.bare), w);
  }
  keepFewestLeft(out, num(h['ratelimit-remaining']), num(h['ratelimit-reset']));
  if (out.limit === undefined && out.remaining === undefined) return undefined;
  return out;
}

function legacyFields(h: Headers, now: number): QuotaHint | undefined {
  const remaining = num(h['x-ratelimit-remaining']);
  const reset = num(h['x-ratelimit-reset']);
  if (remaining === undefined && num(h['x-ratelimit-limit']) === undefined) return undefined;
  const out: QuotaHint = { source: 'X-RateLimit' };
  if (remaining !== undefined) out.remaining = remaining;
  if (reset !== undefined) {
    // a Unix time (seconds, or milliseconds), or delta-seconds
    const ms = reset > 1e12 ? reset - now : reset > 1e9 ? reset * 1000 - now : reset * 1000;
    out.resetMs = Math.max(0, ms);
  }
  return out;
}

function keepLowestRate(out: QuotaHint, limit: number, windowS: number): void {
  if (out.limit === undefined || out.windowS === undefined || limit / windowS < out.limit / out.windowS) {
    out.limit = limit;
    out.windowS = windowS;
  }
}

function keepFewestLeft(out: QuotaHint, remaining: number | undefined, resetS: number | undefined): void {
  if (remaining === undefined) return;
  if (out.remaining !== undefined && out.remaining <= remaining) return;
  out.remaining = remaining;
  if (resetS !== undefined) out.resetMs = resetS * 1000;
  else delete out.resetMs;
}

/** A structured-field list, leniently: `bare;k=v;k=v, …` (quotes dropped). */
function listItems(text: string): Array<{ bare?: string; params: Record<string, string> }> {
  if (text.trim() === '') return [];
  return text.split(',').map((raw) => {
    const [first, ...rest] = raw.split(';').map((s) => s.trim());
    // a policy with no name (`q=1;w=60`): its first part is a parameter too
    const head = first !== undefined && /^[a-z]+\s*=/i.test(first) && !/^"/.test(first) ? undefined : first;
    if (head === undefined && first !== undefined) rest.unshift(first);
    const params: Record<string, string> = {};
    for (const p of rest) {
      const eq = p.indexOf('=');
      if (eq > 0) params[p.slice(0, eq).trim().toLowerCase()] = p.slice(eq + 1).trim();
    }
    const bare = head?.replace(/^"(.*)"$/, '$1');
    return bare === undefined || bare === '' ? { params } : { bare, params };
  });
}

function isNumber(s: string): boolean {
  return /^\d+(\.\d+)?$/.test(s.trim());
}

function num(s: string | undefined): number | undefined {
  if (s === undefined || !isNumber(s)) return undefined;
  return Number(s.trim());
}
