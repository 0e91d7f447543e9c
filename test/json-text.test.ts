import { describe, expect, it } from 'vitest';
import { jsonText, LONG } from '../lib/http/json-text.js';
import { outgoing } from '../lib/http/outgoing.js';
import { redactorFor } from '../lib/redact/redactor-for.js';

/** What lib/http/json-text.ts must give: JSON.stringify's own text, whatever it kept from a body before. */
describe('a request body with a long string, serialised once', () => {
  const long = 'x'.repeat(LONG + 1);
  const escaped = `"quoted" \\ \n ${'é'.repeat(LONG)} \u2028 \u0000`;

  it('is JSON.stringify of each body, the long string kept from the first', () => {
    const bodies: unknown[] = [
      { attributes: { first_name: 'Ada', zz_conformance_padding: long } },
      { stage: 'lead', zz_conformance_padding: long },
      [long, { again: long }, escaped],
      { nested: [[[{ escaped }]]], short: 'a"b' },
      long,
      { attributes: { first_name: 'Ada', zz_conformance_padding: long } },
      { skipped: undefined, f: () => 1, n: null, num: 1.5, big: [escaped, long] },
    ];
    for (const b of bodies) expect(jsonText(b)).toBe(JSON.stringify(b));
  });

  it('gives what JSON.stringify gives to a value with a toJSON, a shared object, or a cycle', () => {
    const shared = { long };
    expect(jsonText({ a: shared, b: shared })).toBe(JSON.stringify({ a: shared, b: shared }));
    expect(jsonText({ when: new Date(0), long })).toBe(JSON.stringify({ when: new Date(0), long }));
    const cycle: Record<string, unknown> = { long };
    cycle['self'] = cycle;
    expect(() => jsonText(cycle)).toThrow(TypeError);
  });

  it('does not take a string of the body for the stand-in of a long one', () => {
    const body = { a: long, b: 'zz-conformance-long-', c: '"zz-conformance-long-0"' };
    expect(jsonText(body)).toBe(JSON.stringify(body));
  });

  it('is redacted as it is recorded, though its long string was serialised before the key was in it', () => {
    const key = 'pra_live_json_text_key';
    const redactor = redactorFor({ apiKey: key });
    const r = {
      method: 'POST',
      path: '/contact',
      url: 'http://127.0.0.1/contact',
      auth: 'none',
      exempt: false,
    } as const;
    const first = outgoing(r, { json: { pad: long } }, undefined).body!;
    expect(redactor.text(first)).toBe(first);
    // the same long string again, with the key beside it and inside a second long string
    const withKey = `${long.slice(1)}${key}`;
    const later = outgoing(r, { json: { pad: long, echo: key, more: withKey } }, undefined).body!;
    expect(later).toBe(JSON.stringify({ pad: long, echo: key, more: withKey }));
    const recorded = redactor.text(later);
    expect(recorded).not.toContain(key);
    expect(recorded).toBe(JSON.stringify({ pad: long, echo: '<api-key>', more: `${long.slice(1)}<api-key>` }));
  });
});
