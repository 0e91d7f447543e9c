/** Where a key stands in a text, spelt some way: [start, end, index of the key]. */
export type KeySpan = [start: number, end: number, key: number];

/** The spans in order, those that overlap made one (the first's key named): each is replaced whole. */
export function mergedSpans(spans: readonly KeySpan[]): KeySpan[] {
  const out: KeySpan[] = [];
  for (const s of [...spans].sort((a, b) => a[0] - b[0] || b[1] - a[1])) {
    const prev = out.at(-1);
    if (prev && s[0] < prev[1]) prev[1] = Math.max(prev[1], s[1]);
    else out.push([...s]);
  }
  return out;
}
