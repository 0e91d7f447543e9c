/**
 * The most characters of one server string (a code, an id, a message) that enter a message, the
 * ledger or a report. A longer one is cut there and says how long it was: a server answering a
 * 1 MiB error code to every request costs the reports a few hundred characters per mention.
 */
export const MAX_SHOWN = 200;

/**
 * A copy of a piece of a string that holds no reference to the string it was cut from: V8 keeps the
 * whole of a string alive for as long as a slice of it lives, so 200 characters kept of a 4 MiB id
 * would keep the 4 MiB. UTF-16 as is, so a lone surrogate stays what it was.
 */
export function detached(s: string): string {
  return Buffer.from(s, 'utf16le').toString('utf16le');
}

/** How a string cut as it was parsed ends (lib/http/bounded-json.ts): its whole length, in characters or bytes. */
export function cutMarker(length: number, unit: 'characters' | 'bytes' = 'characters'): string {
  return `…[cut: ${length} ${unit}]`;
}

const MARKER = /…\[cut: (\d+) (characters|bytes)\]$/;

/** A string's length as the server sent it: a string cut at parse time says its whole length. */
function sentLength(s: string): string {
  const m = MARKER.exec(s.slice(-40));
  return m ? `${m[1]} ${m[2]}` : `${s.length} characters`;
}

/** A server string for a message: JSON-quoted, cut at `max` characters with its length shown. */
export function shortText(s: string, max: number = MAX_SHOWN): string {
  if (s.length <= max) return JSON.stringify(s);
  return `${JSON.stringify(detached(s.slice(0, max)))}… (${sentLength(s)})`;
}

/** The same, unquoted: for a value that is shown bare (an id in a path, a code after `got`). */
export function shortBare(s: string, max: number = MAX_SHOWN): string {
  return s.length <= max ? s : `${detached(s.slice(0, max))}… (${sentLength(s)})`;
}
