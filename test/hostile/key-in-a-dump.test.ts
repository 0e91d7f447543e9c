import { describe, expect, it } from 'vitest';
import { Redactor } from '../../lib/redact/redact.js';
import { hexdumpC, keyPieces, plain, requestWith, xxd } from './hex-dumps.js';

// A server that echoes the request as a hex dump (a debugging echo) shows the key twice, in the hex
// column and in the ASCII column, each split wherever the dump's lines break: no whole-key form holds
// either piece, and each piece is the key's to hide.

const KEY = 'pra_live_Zq81mXv3TnB0kRw7';
const REQUEST = requestWith(KEY);
const r = new Redactor([{ label: '<api-key>', value: KEY }]);

/** Each layout: the dump, and how many bytes a line of it shows. */
const DUMPS: Record<string, [dump: string, cols: number]> = {
  xxd: [xxd(REQUEST, 16, 2), 16],
  'xxd -u': [xxd(REQUEST, 16, 2, true), 16],
  'xxd -g 1': [xxd(REQUEST, 16, 1), 16],
  'xxd -g 4 -c 12': [xxd(REQUEST, 12, 4), 12],
  'xxd -c 5': [xxd(REQUEST, 5, 2), 5],
  'xxd -c 1': [xxd(REQUEST, 1, 1), 1],
  'xxd -c 32': [xxd(REQUEST, 32, 2), 32],
  'hexdump -C': [hexdumpC(REQUEST), 16],
  'xxd -p -c 7': [plain(REQUEST, 7), 7],
};
const HEX_ONLY = 'xxd -p -c 7';

/** A line past its offset column, spaces and labels taken out: what of it is still readable. */
const readable = (line: string) =>
  line
    .slice(/^[0-9a-f]{8}(?::| {2})/i.test(line) ? 10 : 0)
    .replace(/<api-key>/g, '')
    .replace(/ /g, '')
    .toLowerCase();

describe('a key in a hex dump', () => {
  it('is shown in both columns, split across lines, in every layout the test writes (the test sees it)', () => {
    for (const [name, [dump, cols]] of Object.entries(DUMPS)) {
      const pieces = keyPieces(REQUEST, KEY, cols);
      expect(pieces.length, name).toBeGreaterThan(1);
      const lines = dump.split('\n');
      for (const {
        line,
        pieces: [hexPiece, asciiPiece],
      } of pieces) {
        expect(readable(lines[line]!), name).toContain(hexPiece);
        if (name !== HEX_ONLY) expect(lines[line], name).toContain(asciiPiece);
      }
    }
  });

  it('is redacted: no line keeps its share of the key, in hex or in ASCII, as text or in a JSON string', () => {
    for (const [name, [dump, cols]] of Object.entries(DUMPS)) {
      const asJson = JSON.parse(r.text(JSON.stringify({ message: dump }))) as { message: string };
      for (const [form, redacted] of [
        ['text', r.text(dump)],
        ['JSON', asJson.message],
      ] as const) {
        const lines = redacted.split('\n');
        expect(lines.length, `${name} (${form}) keeps its lines`).toBe(dump.split('\n').length);
        expect(redacted, `${name} (${form})`).toContain('<api-key>');
        for (const { line, pieces } of keyPieces(REQUEST, KEY, cols))
          for (const piece of pieces)
            expect(readable(lines[line]!), `${name} (${form}) line ${line}`).not.toContain(
              piece.replace(/ /g, '').toLowerCase(),
            );
      }
      // what is not the key stays readable: the dump's first line holds none of it
      expect(r.text(dump).split('\n')[0], name).toBe(dump.split('\n')[0]);
    }
  });

  it('leaves a dump that holds no key as it is', () => {
    const other = Buffer.from('GET /contact HTTP/1.1\r\nAuthorization: Bearer pra_live_someone_else_entirely\r\n');
    for (const dump of [xxd(other, 16, 2), hexdumpC(other), plain(other, 30)]) expect(r.text(dump)).toBe(dump);
  });
});
