import { TextDecoder } from 'node:util';

/**
 * An answer's body in the charset it declares (`Content-Type: …; charset=utf-16`), or that its byte
 * order mark names, as UTF-8 bytes: what the run reads, judges and redacts is the text the server
 * sent, not its bytes read as UTF-8 (issue 38: a key echoed in UTF-16 reached every report with a
 * NUL between its characters, past the redactor). A charset Node cannot decode, or none, leaves the
 * bytes as they are.
 */
export function asUtf8(bytes: Buffer, contentType: string | undefined): Buffer {
  const charset = declaredCharset(contentType) ?? byteOrderMark(bytes);
  if (charset === undefined || /^(utf-?8|us-ascii|ascii)$/i.test(charset)) return bytes;
  try {
    return Buffer.from(new TextDecoder(charset).decode(bytes), 'utf8');
  } catch {
    // a label Node does not know: the bytes as they are
    return bytes;
  }
}

function declaredCharset(contentType: string | undefined): string | undefined {
  const m = /;\s*charset\s*=\s*"?([A-Za-z0-9._:-]{1,40})"?/i.exec(contentType ?? '');
  return m?.[1];
}

function byteOrderMark(b: Buffer): string | undefined {
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  return undefined;
}
