/**
 * Server text made inert for a terminal, a CI log and Markdown: every line break a renderer may
 * honour (CR, LF, CRLF, NEL, U+2028, U+2029) is a line break here too, and every other control
 * character (ESC, BEL, backspace, DEL, C1) is shown escaped, `\x1b`, never sent as itself.
 */
export const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/;

// eslint-disable-next-line no-control-regex -- control characters are what this strips
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function escapeControls(s: string): string {
  return s.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The lines of a text, split at any line break, each with its control characters escaped. */
export function inertLines(text: string): string[] {
  return text.split(LINE_BREAK).map(escapeControls);
}
