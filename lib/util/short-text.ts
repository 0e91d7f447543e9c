/**
 * The most characters of one server string (a code, an id, a message) that enter a message, the
 * ledger or a report. A longer one is cut there and says how long it was: a server answering a
 * 1 MiB error code to every request costs the reports a few hundred characters per mention.
 */
export const MAX_SHOWN = 200;

/** A server string for a message: JSON-quoted, cut at `max` characters with its length shown. */
export function shortText(s: string, max: number = MAX_SHOWN): string {
  if (s.length <= max) return JSON.stringify(s);
  return `${JSON.stringify(s.slice(0, max))}… (${s.length} characters)`;
}

/** The same, unquoted: for a value that is shown bare (an id in a path, a code after `got`). */
export function shortBare(s: string, max: number = MAX_SHOWN): string {
  return s.length <= max ? s : `${s.slice(0, max)}… (${s.length} characters)`;
}
