/**
 * How a text attribute read back relates to the text written. The spec types it "string" and
 * promises no byte-exact storage, so three choices stay the server's (and are recorded as
 * observations, never failures): text not in Unicode NFC may come back in another canonically
 * equivalent form (normalised), C0 control characters (TAB, CR, LF, …) may come back removed
 * (stripped, as servers that sanitise input do), and an empty string may come back as no value
 * (cleared). Any other text must come back exactly as written.
 */
export type TextReadBack = 'same' | 'normalised' | 'stripped' | 'cleared' | 'different';

// eslint-disable-next-line no-control-regex -- the C0 range is what a server may strip
const C0 = /[\u0000-\u001f]/g;

export function textReadBack(sent: string, got: unknown): TextReadBack {
  if (got === sent) return 'same';
  const stripped = sent.replace(C0, '');
  if ((sent === '' || stripped === '') && (got === null || got === undefined)) return 'cleared';
  if (typeof got !== 'string') return 'different';
  if (stripped !== sent && got.normalize('NFC') === stripped.normalize('NFC')) return 'stripped';
  if (sent.normalize('NFC') === sent) return 'different';
  return got.normalize('NFC') === sent.normalize('NFC') ? 'normalised' : 'different';
}

/** The observation line for a legal choice the server made, or undefined when it kept the text as written. */
export function textChoiceNote(name: string, sent: string, got: unknown): string | undefined {
  const how = textReadBack(sent, got);
  if (how === 'normalised')
    return `${name} was written in a form other than NFC and read back normalised (${JSON.stringify(got)})`;
  if (how === 'stripped')
    return `${name} was written with C0 control characters and read back without them (${JSON.stringify(got)})`;
  if (how === 'cleared')
    return `${name} was written as ${JSON.stringify(sent)} and read back as ${got === undefined ? 'absent' : 'null'}: the server stores an empty string as no value`;
  return undefined;
}

/**
 * Characters outside the Basic Multilingual Plane (emoji, flags). No repertoire of a string is stated,
 * so a server may refuse them, with a code that states a refused value (VALUE_REFUSED).
 */
export const OUTSIDE_BMP = /[\u{10000}-\u{10FFFF}]/u;

/** The codes that state a refused value: "a value is invalid", "request body or parameters fail validation". */
export const VALUE_REFUSED = ['field_value_invalid', 'request_validation_failed'] as const;
