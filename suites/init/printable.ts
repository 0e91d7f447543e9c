/** Server text made inert for a terminal: control characters (escape sequences) shown as `?`, length capped. */
export function printable(text: string, max = 120): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is made printable
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '?');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
