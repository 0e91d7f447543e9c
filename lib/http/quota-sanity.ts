/**
 * Quota fields a server sends that name no quota (issue 38: `q=0`, a negative or `1e309` remaining, a
 * rate of one request in three years) are ignored as a whole, and said once: following them would
 * pace the run to infinity. A field is taken only when every number in it is a finite decimal, its
 * quota (`q`, a limit) more than 0 and its window (`w`) too. A rate it names is floored separately
 * (lib/http/pace.ts, MIN_NAMED_RATE).
 */
const FIELDS = [
  'ratelimit-policy',
  'ratelimit',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
] as const;
/** a field longer than this is no quota (and is not quoted back whole) */
const MAX_FIELD = 200;
/** the numbers that must be more than 0: a quota and its window */
const POSITIVE = new Set(['q', 'w', 'limit']);

type Headers = Readonly<Record<string, string | undefined>>;

/** The answer's headers without the quota fields that name no quota, and those fields as `Name: value`. */
export function saneQuotaFields(h: Headers): { headers: Headers; malformed: string[] } {
  const malformed: string[] = [];
  let headers: Record<string, string | undefined> | undefined;
  for (const name of FIELDS) {
    const value = h[name];
    if (value === undefined || saneField(name, value)) continue;
    headers ??= { ...h };
    delete headers[name];
    malformed.push(`${name}: ${value.length > 60 ? `${value.slice(0, 60)}…` : value}`);
  }
  return { headers: headers ?? h, malformed };
}

function saneField(name: string, value: string): boolean {
  if (value.length > MAX_FIELD) return false;
  const numbers = numbersOf(name, value);
  if (numbers.length === 0) return false;
  return numbers.every(([key, text]) => {
    if (!/^\d+(\.\d+)?$/.test(text.trim())) return false;
    const n = Number(text.trim());
    return Number.isFinite(n) && (!POSITIVE.has(key) || n > 0);
  });
}

/** a field of one number (the early drafts' and the common X- fields), not a list of named items */
function separate(name: string): boolean {
  return name !== 'ratelimit-policy' && name !== 'ratelimit';
}

/** Each number a field carries, with the key it goes by (`limit` for a bare limit). */
function numbersOf(name: string, value: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const item of value.split(',')) {
    const [head = '', ...params] = item.split(';').map((s) => s.trim());
    const eq = head.indexOf('=');
    // draft 07's dictionary (`limit=600, remaining=12`), or a bare number (`600`, `600;w=60`)
    if (eq > 0) out.push([head.slice(0, eq).trim().toLowerCase(), head.slice(eq + 1)]);
    else if (head !== '' && (separate(name) || /^[-+\d.]/.test(head)))
      out.push([name.endsWith('-limit') || name === 'ratelimit-policy' ? 'limit' : name, head]);
    for (const p of params) {
      const at = p.indexOf('=');
      const key = p.slice(0, at).trim().toLowerCase();
      // a policy's or a state's numbers; other parameters (a partition key `pk`) are no numbers
      if (at > 0 && ['q', 'w', 'r', 't'].includes(key)) out.push([key, p.slice(at + 1)]);
    }
  }
  return out;
}
