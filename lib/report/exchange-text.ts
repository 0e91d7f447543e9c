import type { ReportExchange } from '../evidence/truncate.js';

/** A body as a reader wants it: JSON pretty-printed (two spaces), anything else as it came. */
export function prettyBody(text: string): string {
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return text;
  try {
    return JSON.stringify(JSON.parse(t), null, 2);
  } catch {
    return text; // cut by the report's size limit, or not JSON after all
  }
}

export function headersText(h: Record<string, string>): string {
  return Object.entries(h)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

/** At most `max` characters of a text, saying how much was left out. */
function cut(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}\n…[${text.length - max} more characters in conformance.json]`;
}

/** The request as text: request line, headers, body. */
export function requestText(ex: ReportExchange, maxBody = Infinity): string {
  const r = ex.request;
  return `${r.method} ${r.url}\n${headersText(r.headers)}${r.body !== undefined ? `\n\n${cut(prettyBody(r.body), maxBody)}` : ''}`;
}

/** The response as text: status line, headers, body; or why none came. */
export function responseText(ex: ReportExchange, maxBody = Infinity): string {
  if (!ex.response) return `no response: ${ex.transportError ?? 'unknown'}`;
  const r = ex.response;
  return `HTTP ${r.status}\n${headersText(r.headers)}${r.text ? `\n\n${cut(prettyBody(r.text), maxBody)}` : ''}`;
}

/** `POST /api/v2/public/contact → HTTP 200`: one line naming the exchange. */
export function exchangeLine(ex: ReportExchange): string {
  let path = ex.request.url;
  try {
    const u = new URL(ex.request.url);
    path = u.pathname + u.search;
  } catch {
    /* not absolute: keep it */
  }
  return `${ex.request.method} ${path} → ${ex.response ? `HTTP ${ex.response.status}` : 'no response'}`;
}

/** The exchange a failure is shown with: the one it was found in, else the last the check made. */
export function failingExchange(c: {
  evidence?: ReportExchange[];
  failedExchange?: number;
}): ReportExchange | undefined {
  const ev = c.evidence ?? [];
  return (c.failedExchange !== undefined ? ev[c.failedExchange] : undefined) ?? ev[ev.length - 1];
}
