/**
 * How a text attribute read back relates to the text written. The spec types it "string" and
 * promises no byte-exact storage, so two choices stay the server's (and are recorded as
 * observations, never failures): text not in Unicode NFC may come back in another canonically
 * equivalent form (normalised), and an empty string may come back as no value (cleared).
 * Text already in NFC must come back exactly as written.
 */
export type TextReadBack = 'same' | 'normalised' | 'cleared' | 'different';

export function textReadBack(sent: string, got: unknown): TextReadBack {
  if (got === sent) return 'same';
  if (sent === '' && (got === null || got === undefined)) return 'cleared';
  if (typeof got !== 'string' || sent.normalize('NFC') === sent) return 'different';
  return got.normalize('NFC') === sent.normalize('NFC') ? 'normalised' : 'different';
}

/** The observation line for a legal choice the server made, or undefined when it kept the text as written. */
export function textChoiceNote(name: string, sent: string, got: unknown): string | undefined {
  const how = textReadBack(sent, got);
  if (how === 'normalised')
    return `${name} was written in a form other than NFC and read back normalised (${JSON.stringify(got)})`;
  if (how === 'cleared')
    return `${name} was written as "" and read back as ${got === undefined ? 'absent' : 'null'}: the server stores an empty string as no value`;
  return undefined;
}
