/**
 * The forms a key can take on its way back from a server or into a report: as is, percent-encoded
 * (upper- or lower-case hex, `+` for a space), JSON-escaped (plain, Go's `\u0026` for `&`, `<`, `>`,
 * or every punctuation character as `\uXXXX`, `\/` for a slash), HTML-escaped, and base64 (standard
 * and URL-safe, at each of the three byte offsets it can start at inside a longer encoded text).
 */
export function keyForms(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  const unicode = (hex: (c: string) => string) =>
    Array.from(value)
      .map((c) => (/[A-Za-z0-9]/.test(c) ? c : `\\u${hex(c)}`))
      .join('');
  const code = (c: string) => (c.codePointAt(0) ?? 0).toString(16).padStart(4, '0');
  const percent = encodeURIComponent(value);
  const forms = [
    value,
    percent,
    percent.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    percent.replace(/%20/g, '+'),
    encodeURI(value),
    json,
    json.replace(/[&<>]/g, (c) => `\\u${code(c)}`),
    json.replace(/\//g, '\\/'),
    unicode(code),
    unicode((c) => code(c).toUpperCase()),
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;'),
    ...base64Forms(value),
  ];
  return [...new Set(forms)].filter((f) => f.length > 0);
}

/**
 * The part of the key's base64 that is the same wherever the key sits in the encoded bytes: for
 * each offset (0, 1, 2 bytes into a 3-byte group), the 4-character groups made of key bytes only.
 */
function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const out: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const core = encoded.slice(offset === 0 ? 0 : 4, 4 * Math.floor((offset + bytes.length) / 3));
    out.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out;
}
