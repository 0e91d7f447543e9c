import { MAX_SHOWN, shortText } from '../util/short-text.js';

/** Short text for an actual value in a failure message. */
export function show(v: unknown): string {
  // a server string is cut before it is quoted (a 4 MiB id is not copied to be cut), its length shown
  if (typeof v === 'string') return shortText(v);
  const s = JSON.stringify(v);
  return s === undefined ? 'absent' : s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN)}… (${s.length} characters)` : s;
}
