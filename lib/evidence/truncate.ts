import type { Exchange } from '../http/exchange.js';

/**
 * The most of each body (request body, response text) a report keeps: 8 KiB of UTF-8. A longer body
 * is cut there and ends with a marker saying how much was cut, so a report stays readable and small
 * even when a server answers a megabyte; the status, headers and the first 8 KiB are what a reader needs.
 */
export const MAX_BODY_BYTES = 8 * 1024;

/** The marker that ends a cut body, e.g. `…[truncated: 12345 of 20537 bytes cut]`. */
export function truncationMarker(cut: number, total: number): string {
  return `…[truncated: ${cut} of ${total} bytes cut]`;
}

/** Whether a body is one truncateBody cut (it ends with the marker): not the body that was sent. */
export function wasCut(text: string): boolean {
  return /…\[truncated: \d+ of \d+ bytes cut\]$/.test(text);
}

export function truncateBody(text: string, max: number = MAX_BODY_BYTES): string {
  // counted, not copied: a 2 MB body (the oversize family's) is never encoded whole to be cut
  const total = Buffer.byteLength(text, 'utf8');
  if (total <= max) return text;
  // a character is at least one byte, so the first `max` characters hold the first `max` bytes;
  // a cut inside a multi-byte character decodes to U+FFFD: drop it
  const kept = Buffer.from(text.slice(0, max), 'utf8')
    .subarray(0, max)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  return kept + truncationMarker(total - Buffer.byteLength(kept, 'utf8'), total);
}

/** One exchange as a report shows it: bodies truncated, the parsed body dropped (the text says it all). */
export interface ReportExchange {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response?: { status: number; headers: Record<string, string>; text: string };
  transportError?: string;
  ms: number;
  rateLimitRetries: number;
  /** a curl command that sends the request again, keys as their variables (lib/evidence/curl.ts) */
  curl?: string;
}

export function reportExchange(ex: Exchange, max: number = MAX_BODY_BYTES): ReportExchange {
  const out: ReportExchange = {
    request: {
      method: ex.request.method,
      url: ex.request.url,
      headers: { ...ex.request.headers },
      ...(ex.request.body !== undefined ? { body: truncateBody(ex.request.body, max) } : {}),
    },
    ms: ex.ms,
    rateLimitRetries: ex.rateLimitRetries,
  };
  if (ex.response)
    out.response = {
      status: ex.response.status,
      headers: { ...ex.response.headers },
      text: truncateBody(ex.response.text, max),
    };
  if (ex.transportError !== undefined) out.transportError = ex.transportError;
  return out;
}
