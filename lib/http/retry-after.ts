/**
 * Retry-After (RFC 9110 §10.2.3): `delay-seconds` or an `HTTP-date`. Read as urllib3 reads it
 * (digits are seconds, anything else a date, a date in the past is no wait), with two tolerances of
 * well-kept clients: a decimal number of seconds (some servers send `0.5`), and a date taken against
 * the answer's own `Date` header when it has one, so a server whose clock differs from ours still
 * asks for the wait it means.
 */

/** The wait a Retry-After value asks for, in milliseconds; undefined when absent or unreadable (no hint). */
export function retryAfterMs(value: string | undefined, date?: string, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (!Number.isFinite(at) || !/[a-z]/i.test(text)) return undefined;
  const served = date === undefined ? Number.NaN : Date.parse(date);
  const reference = Number.isFinite(served) ? served : now;
  return Math.max(0, at - reference);
}
