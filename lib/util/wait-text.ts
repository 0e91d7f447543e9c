/**
 * A wait as the console and every report write it, in the same units everywhere (issue 38: the
 * console said "1 min 7 s" where summary.md said "66.0 s"): `47 s`, `1 min 20 s`, `2 h 5 min`,
 * `11574 days`; rounded up to the second (a wait of 0.4 s is `1 s`), and `for ever` for no end.
 */
export function waitText(ms: number): string {
  if (!Number.isFinite(ms)) return ms > 0 ? 'for ever' : '0 s';
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const m = Math.floor(s / 60);
    return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`;
  }
  if (s < 2 * 86_400) {
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    return m === 0 ? `${h} h` : `${h} h ${m} min`;
  }
  return `${Math.floor(s / 86_400)} days`;
}
