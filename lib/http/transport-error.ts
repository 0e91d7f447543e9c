import { ResponseTooLarge } from './bounded-read.js';

/** A kept-alive socket the server closed as the client reused it: a read may be sent once more. */
export function isStaleSocket(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return code === 'UND_ERR_SOCKET' && /other side closed/i.test((err as Error).message);
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
  'ABORT_ERR',
]);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * Why no answer came, in words first and the library's code after: "timed out after 500 ms …",
 * "DNS lookup failed …", "TLS error …", "connection refused …", "connection closed by the server …".
 */
export function describeTransportError(err: unknown, timeoutMs?: number): string {
  if (!(err instanceof Error)) return String(err);
  if (err instanceof ResponseTooLarge) return err.message;
  const cause = err.cause instanceof Error ? err.cause : undefined;
  const codeOf = (e: Error | undefined) => {
    const c = (e as { code?: unknown } | undefined)?.code;
    return typeof c === 'string' ? c : undefined;
  };
  const code = codeOf(err);
  const causeCode = codeOf(cause);
  const codes = [code, causeCode].filter((c): c is string => c !== undefined);
  const raw = `${code ? code + ' ' : ''}${err.message}${cause ? `: ${causeCode && causeCode !== code ? causeCode + ' ' : ''}${cause.message}` : ''}`;
  const text = `${err.message} ${cause?.message ?? ''}`;
  let kind: string | undefined;
  if (codes.some((c) => TIMEOUT_CODES.has(c)) || err.name === 'TimeoutError')
    kind = `timed out${timeoutMs !== undefined ? ` after ${timeoutMs} ms` : ''} (--timeout)`;
  else if (codes.some((c) => DNS_CODES.has(c))) kind = 'DNS lookup failed';
  else if (
    codes.some((c) => /^(ERR_SSL|ERR_TLS|EPROTO|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|ERR_OSSL)/.test(c)) ||
    /\b(ssl|tls|certificate)\b/i.test(text)
  )
    kind = 'TLS error';
  else if (codes.includes('ECONNREFUSED')) kind = 'connection refused';
  else if (codes.some((c) => c === 'ECONNRESET' || c === 'UND_ERR_SOCKET' || c === 'EPIPE' || c === 'UND_ERR_CLOSED'))
    kind = 'connection closed by the server';
  // one line, whatever the library put in its message (OpenSSL ends its own with a newline)
  return (kind ? `${kind}: ${raw}` : raw).replace(/\s+/g, ' ').trim();
}
