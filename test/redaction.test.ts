import { describe, expect, it } from 'vitest';
import { Redactor } from '../lib/redact/redact.js';
import { redactorFor } from '../lib/redact/redactor-for.js';

describe('redaction', () => {
  const keys = {
    apiKey: 'pra_live_secret_A',
    otherOrgApiKey: 'pra_live_secret_B',
    readOnlyApiKey: 'pra_live_secret_A_ro',
  };
  const r = redactorFor(keys);

  it('replaces every key in text, the longest first', () => {
    expect(r.text('Bearer pra_live_secret_A_ro and pra_live_secret_A, pra_live_secret_B')).toBe(
      'Bearer <read-only-api-key> and <api-key>, <other-org-api-key>',
    );
  });

  it('redacts keys and values anywhere in a JSON value', () => {
    const out = r.value({
      headers: { authorization: 'Bearer pra_live_secret_A' },
      echoed: ['pra_live_secret_B'],
      pra_live_secret_A: 1,
    });
    expect(JSON.stringify(out)).not.toMatch(/pra_live_secret/);
    expect(out.headers.authorization).toBe('Bearer <api-key>');
  });

  it('finds leaks in what is about to be written', () => {
    expect(r.leaks('{"k":"pra_live_secret_B"}')).toEqual(['<other-org-api-key>']);
    expect(r.leaks('{"k":"<api-key>"}')).toEqual([]);
  });

  it('also catches a key percent-encoded (in a URL) or JSON-escaped (in an echoed body)', () => {
    const odd = new Redactor([{ label: '<api-key>', value: 'k+y/9="x\\' }]);
    const url = `https://h/p?key=${encodeURIComponent('k+y/9="x\\')}`;
    const json = JSON.stringify({ echoed: 'k+y/9="x\\' });
    expect(odd.text(url)).toBe('https://h/p?key=<api-key>');
    expect(odd.text(json)).toBe('{"echoed":"<api-key>"}');
    expect(odd.leaks(`${url} ${json}`)).toEqual(['<api-key>']);
  });

  it('lets a text shorter than every form go, and redacts one exactly as long as the key', () => {
    const short = new Redactor([{ label: '<api-key>', value: 'k3y' }]);
    expect(short.text('k3y')).toBe('<api-key>');
    expect(short.text('"k3y"')).toBe('"<api-key>"');
    expect(short.text('k3')).toBe('k3');
    // a key spelt with escapes is longer than the key, never shorter: found however short the rest
    expect(short.text('k%33y')).toBe('<api-key>');
    expect(short.value({ k3y: ['k3y', 'ok'] })).toEqual({ '<api-key>': ['<api-key>', 'ok'] });
  });

  it('redacts a key in a long text after long texts without one (the scan for every form at once)', () => {
    const filler = 'x'.repeat(3 * 1024 * 1024);
    expect(r.text(`{"a":"${filler}"}`)).toBe(`{"a":"${filler}"}`);
    const later = `{"a":"${filler}","b":"pra_live_secret_A_ro","c":"${encodeURIComponent('pra_live_secret_B')}"}`;
    expect(r.text(later)).toBe(`{"a":"${filler}","b":"<read-only-api-key>","c":"<other-org-api-key>"}`);
    expect(r.leaks(later)).toEqual(expect.arrayContaining(['<read-only-api-key>', '<other-org-api-key>']));
    expect(r.leaks(`{"a":"${filler}"}`)).toEqual([]);
  });

  it('copies only what holds a key: the objects on its way, every later property redacted too', () => {
    const clean = { a: { b: ['x', 'y'] }, c: 'z' };
    const input = {
      kept: clean,
      __proto__x: 1,
      k: 'pra_live_secret_A',
      after: 'pra_live_secret_B',
      pra_live_secret_A: 2,
    };
    const out = r.value(input);
    expect(r.value(clean)).toBe(clean);
    expect(out.kept).toBe(clean);
    expect(out).toEqual({
      kept: clean,
      __proto__x: 1,
      k: '<api-key>',
      after: '<other-org-api-key>',
      '<api-key>': 2,
    });
    expect(Object.keys(out)).toEqual(['kept', '__proto__x', 'k', 'after', '<api-key>']);
    expect(input.k).toBe('pra_live_secret_A');
  });

  it('ignores empty secrets rather than redacting every gap', () => {
    expect(new Redactor([{ label: '<x>', value: '' }]).text('abc')).toBe('abc');
  });
});
