import type { RequestSpan } from '../check/context.js';
import type { Exchange } from '../http/exchange.js';
import { truncateBody } from '../evidence/truncate.js';

/** One check's requests, as `--har` writes them. */
export interface HarCheck {
  /** the check's place in the run (its priority) */
  index: number;
  id: string;
  title: string;
  /** the shared records it held (its turn on them orders it after the checks before) */
  held: readonly string[];
  exchanges: readonly Exchange[];
  spans: readonly RequestSpan[];
}

/**
 * `--har FILE`: every request the checks sent, as an HTTP Archive (HAR 1.2) that browsers' developer
 * tools and HTTP tools open. Keys are already redacted in each exchange (the Authorization header reads
 * `Bearer <api-key>`). Each entry also names its check (`_check`: index, rule id, title, held records),
 * so the run's order of dependent requests can be replayed (`npm run bench` does).
 */
export function harOf(checks: readonly HarCheck[], o: { version: string }): unknown {
  const entries = checks.flatMap(entriesOf);
  entries.sort((a, b) => (a._startMs ?? 0) - (b._startMs ?? 0));
  return { log: { version: '1.2', creator: creatorOf(o.version), entries } };
}

/** One entry of the HAR as it is written (its JSON text), and what places it in harOf's order. */
export interface HarPiece {
  /** when its request was asked for (`_startMs`): entries are in this order… */
  startMs: number;
  /** …then in the order of the checks (index) and of each check's requests (at) */
  index: number;
  at: number;
  text: string;
}

/**
 * The entries of one check, each as its JSON text, built as the check ends (lib/cli/run/har-file.ts):
 * what `harTextOf` joins is byte for byte JSON.stringify(harOf(…)).
 */
export function harPieces(c: HarCheck): HarPiece[] {
  return entriesOf(c).map((e, at) => ({ startMs: e._startMs ?? 0, index: c.index, at, text: JSON.stringify(e) }));
}

/** The HAR of `pieces` (every check's), as harOf's JSON text: the entries in its order, between its two ends. */
export function harTextOf(
  pieces: readonly HarPiece[],
  version: string,
): { head: string; entries: string[]; tail: string } {
  const sorted = [...pieces].sort((a, b) => a.startMs - b.startMs || a.index - b.index || a.at - b.at);
  // the entries are the log's last member: the text of a log of none ends `[]}}`
  const none = JSON.stringify({ log: { version: '1.2', creator: creatorOf(version), entries: [] } });
  return { head: none.slice(0, -3), entries: sorted.map((p) => p.text), tail: none.slice(-3) };
}

function creatorOf(version: string) {
  return { name: 'public-records-api-conformance', version };
}

function entriesOf(c: HarCheck) {
  return c.exchanges.map((ex, i) => {
    const span = c.spans[i];
    const started = span ? performance.timeOrigin + span.start : Date.now();
    return {
      startedDateTime: new Date(started).toISOString(),
      time: ex.ms,
      request: harRequest(ex),
      response: harResponse(ex),
      cache: {},
      // blocked: the wait for a turn in the run's request budget (the run's own queue, not the server's)
      timings: { blocked: blocked(span), send: 0, wait: Math.max(0, ex.ms - Math.max(0, blocked(span))), receive: 0 },
      _startMs: span?.start,
      _check: { index: c.index, id: c.id, title: c.title, held: c.held },
    };
  });
}

/** The time a request waited for its turn, rounded; -1 (HAR's "not known") without a span that says. */
function blocked(span: { start: number; sent?: number } | undefined): number {
  return span?.sent === undefined ? -1 : Math.round(span.sent - span.start);
}

function harRequest(ex: Exchange) {
  const request = ex.request;
  const url = new URL(request.url);
  return {
    method: request.method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    headers: pairs(request.headers),
    queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
    cookies: [],
    headersSize: -1,
    bodySize: request.body === undefined ? 0 : Buffer.byteLength(request.body),
    ...(request.body !== undefined
      ? { postData: { mimeType: request.headers['content-type'] ?? '', text: truncateBody(request.body) } }
      : {}),
  };
}

function harResponse(ex: Exchange) {
  if (!ex.response)
    return {
      status: 0,
      statusText: '',
      httpVersion: '',
      headers: [],
      cookies: [],
      content: { size: 0, mimeType: '' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      _error: ex.transportError ?? 'no response',
    };
  return {
    status: ex.response.status,
    statusText: '',
    httpVersion: 'HTTP/1.1',
    headers: pairs(ex.response.headers),
    cookies: [],
    // bodies cut as the reports' evidence is (8 KiB): a HAR of a server answering megabytes stays small
    content: {
      size: Buffer.byteLength(ex.response.text),
      mimeType: ex.response.headers['content-type'] ?? '',
      text: truncateBody(ex.response.text),
    },
    redirectURL: '',
    headersSize: -1,
    bodySize: Buffer.byteLength(ex.response.text),
  };
}

function pairs(headers: Record<string, string>): Array<{ name: string; value: string }> {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}
