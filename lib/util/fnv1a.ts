/**
 * FNV-1a, 32 bits, over a string's UTF-16 code units, optionally from a starting value: the one hash
 * behind every seed the suite derives (faker's per check, fast-check's per property, the default run seed).
 */
export function fnv1a(text: string, start = 0): number {
  let h = 2166136261 ^ (start >>> 0);
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
