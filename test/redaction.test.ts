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

  it('ignores empty secrets rather than redacting every gap', () => {
    expect(new Redactor([{ label: '<x>', value: '' }]).text('abc')).toBe('abc');
  });
});
