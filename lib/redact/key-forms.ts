/**
 * The forms a key can take on its way back from a server or into a report: as is, percent-encoded
 * (upper- or lower-case hex, `+` for a space), JSON-escaped (plain, Go's `\u0026` for `&`, `<`, `>`,
 * or every punctuation character as `\uXXXX`, `\/` for a slash), HTML-escaped, and base64 (standard
 * and URL-safe, at each of the three byte offsets it can start at inside a longer encoded text, and
 * base64 of that again), hex (either case, bytes run together or apart, or in a dump's 2-byte
 * groups), and UTF-16 read as if it were UTF-8 (issue 38).
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
    // base64 of a text that holds the key's base64 (a token wrapped twice)
    ...base64Forms(value).flatMap((inner) => base64Forms(inner)),
    ...hexForms(value),
    // UTF-16 read as UTF-8 (a body whose charset was not declared): a NUL between the characters
    Array.from(value).join('\u0000'),
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

/** The key's bytes in hex, as a hex dump or a debugging echo writes them. */
function hexForms(value: string): string[] {
  const bytes = [...Buffer.from(value, 'utf8')].map((b) => b.toString(16).padStart(2, '0'));
  const out: string[] = [];
  for (const pairs of [bytes, bytes.map((b) => b.toUpperCase())]) {
    out.push(pairs.join(''), pairs.join(' '), pairs.join(':'));
    // a dump's 2-byte groups (`7072 615f`), the key starting at either byte of a group
    for (const skip of [0, 1]) {
      const rest = pairs.slice(skip);
      const groups: string[] = [];
      for (let i = 0; i + 1 < rest.length; i += 2) groups.push(rest[i]! + rest[i + 1]!);
      out.push(groups.join(' '));
    }
  }
  return out;
}
