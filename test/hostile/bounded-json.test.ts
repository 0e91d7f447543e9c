import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundJsonBytes, MAX_JSON_STRING, MAX_JSON_VALUES } from '../../lib/http/json-bytes.js';
import { keptText, parseBounded } from '../../lib/http/bounded-json.js';
import { TooManyJsonValues } from '../../lib/http/bounded-read.js';
import { shortText } from '../../lib/util/short-text.js';

// What the run keeps of an answer is bounded as it is parsed: the unit behind rows 5, 10 and 11.

describe('a large answer bounded as bytes, before it is a string', () => {
  it('refuses a body of more values than the run keeps, and says why', () => {
    const r = boundJsonBytes(Buffer.from('[' + '{},'.repeat(MAX_JSON_VALUES + 10) + '{}]'));
    expect(r).toEqual({ refused: expect.stringMatching(/more than 50000 values/) as unknown });
  });

  it('cuts every long string at a character and escape boundary: the rest still parses, each cut a prefix', () => {
    const piece = fc.constantFrom('a', 'é', '😀', '"', '\\', '\n', '\u0001', '\u2028', 'ab');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 5 }), (parts, shift) => {
        const long = 'x'.repeat(MAX_JSON_STRING - shift) + parts.join('').repeat(4);
        const body = { code: long, other: 'kept', list: [long, 1] };
        const r = boundJsonBytes(Buffer.from(JSON.stringify(body)));
        if (!('bytes' in r)) throw new Error(r.refused);
        const parsed = JSON.parse(r.bytes.toString('utf8')) as typeof body;
        expect(parsed.other).toBe('kept');
        expect(parsed.list[1]).toBe(1);
        for (const s of [parsed.code, parsed.list[0] as string]) {
          // no longer than the cut in bytes: kept whole
          if (Buffer.byteLength(JSON.stringify(long)) - 2 <= MAX_JSON_STRING) {
            expect(s).toBe(long);
            continue;
          }
          const [head, marker] = s.split('…[cut: ');
          expect(long.startsWith(head!)).toBe(true);
          expect(marker).toMatch(/^\d+ bytes\]$/);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a cut string shows its whole length wherever it is quoted', () => {
    const r = boundJsonBytes(Buffer.from(JSON.stringify({ code: 'c'.repeat(1024 * 1024) })));
    const code = (JSON.parse((r as { bytes: Buffer }).bytes.toString()) as { code: string }).code;
    expect(shortText(code)).toMatch(/^"c{200}"… \(1048576 bytes\)$/);
  });
});

describe('a small answer bounded as it is parsed', () => {
  it('cuts a long string, refuses too many values, leaves text that is not JSON alone', () => {
    const parsed = parseBounded(JSON.stringify({ s: 's'.repeat(MAX_JSON_STRING + 1000) })) as { s: string };
    expect(parsed.s.length).toBeLessThan(MAX_JSON_STRING + 100);
    expect(shortText(parsed.s)).toMatch(/\(132072 characters\)$/);
    expect(() => parseBounded('[' + '1,'.repeat(MAX_JSON_VALUES + 1) + '1]')).toThrow(TooManyJsonValues);
    expect(parseBounded('<html>' + 'a,'.repeat(MAX_JSON_VALUES + 1))).toBeUndefined();
  });

  it('refuses an answer nested deeper than the run reads, naming it too deep, as text and as bytes (issue 38)', () => {
    const deep = '['.repeat(3000) + ']'.repeat(3000);
    expect(() => parseBounded(deep)).toThrow(/nested 3000 levels deep \(the run reads at most 64\): too deep/);
    expect(boundJsonBytes(Buffer.from(deep))).toEqual({ refused: expect.stringMatching(/too deep/) as unknown });
    // brackets inside strings are no nesting; 64 levels are read
    expect(parseBounded(JSON.stringify({ s: '['.repeat(5000) }))).toEqual({ s: '['.repeat(5000) });
    expect(parseBounded('['.repeat(64) + ']'.repeat(64))).toBeDefined();
  });

  it('a short answer is bounded as a long one: 64 levels parse, 65 are too deep, valid or not', () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(parseBounded(nested(64))).toEqual(JSON.parse(nested(64)));
    expect(() => parseBounded(nested(65))).toThrow(/nested 65 levels deep \(the run reads at most 64\): too deep/);
    // not JSON at all, but nested too deep as it starts: refused as too deep, not let go as text
    expect(() => parseBounded(`${'['.repeat(100)}oops`)).toThrow(/nested 100 levels deep/);
    // deep inside an object, not at its root
    const inObject = `{"a":{"b":${nested(63)}}}`;
    expect(() => parseBounded(inObject)).toThrow(/nested 65 levels deep/);
    expect(parseBounded(`{"a":{"b":${nested(62)}}}`)).toEqual(JSON.parse(`{"a":{"b":${nested(62)}}}`));
    expect(parseBounded('{"a": [1, 2,')).toBeUndefined();
  });

  it('keeps the head of a long text, redacting a key that straddles the cut', () => {
    const key = 'pra_live_0123456789abcdef';
    const text = 'a'.repeat(64 * 1024 - 5) + key + 'b'.repeat(1000);
    const kept = keptText(text, (t) => t.split(key).join('<api-key>'));
    expect(kept).not.toContain(key.slice(0, 5));
    expect(kept).toMatch(/…\[truncated: the answer was \d+ characters\]$/);
  });
});
