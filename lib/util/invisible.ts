/**
 * Format and other invisible characters: soft hyphen, Arabic letter mark, Mongolian vowel separator,
 * zero-width space, non-joiner, joiner, LRM and RLM (U+200B–200F), the bidi embeddings and overrides
 * (U+202A–202E), word joiner and invisible operators (U+2060–2064), the bidi isolates (U+2066–2069),
 * the deprecated format characters (U+206A–206F), the BOM (U+FEFF), the interlinear annotation
 * characters (U+FFF9–FFFB), and the Hangul fillers. Each changes how the text around it reads (a
 * bidi override reverses it) without being seen. Variation selectors stay: an emoji needs them.
 */
export const INVISIBLE =
  /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]/g;

/**
 * Every invisible character shown as its escape, `\u202e`. In JSON text that is the character's own
 * JSON escape (JSON text holds one only inside a string), so a JSON file keeps its data and shows none.
 */
export function escapeInvisible(s: string): string {
  return s.replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
