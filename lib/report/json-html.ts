import { htmlEscape as e } from './html-escape.js';
import { prettyBody } from './exchange-text.js';

/**
 * A body as report.html shows it: JSON pretty-printed as JSON.stringify(…, null, 2) prints it, every
 * character escaped, with the value at a JSON Pointer (`/data/attributes/amount/value`) wrapped in
 * `<mark class="at">` so the failing value stands out (and the page's script scrolls it into view).
 * Anything that is not JSON (or was cut by the report's size limit) is shown as it came, unmarked.
 */
export function bodyHtml(text: string, at?: string): { html: string; marked: boolean } {
  const t = text.trim();
  if (at === undefined || at === '' || !(t.startsWith('{') || t.startsWith('[')))
    return { html: e(prettyBody(text)), marked: false };
  let value: unknown;
  try {
    value = JSON.parse(t);
  } catch {
    return { html: e(text), marked: false };
  }
  const target = at
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let marked = false;
  const render = (v: unknown, path: string[], indent: string): string => {
    const here = path.length === target.length && path.every((p, i) => p === target[i]);
    const inner = renderValue(v, path, indent);
    if (!here) return inner;
    marked = true;
    return `<mark class="at">${inner}</mark>`;
  };
  const renderValue = (v: unknown, path: string[], indent: string): string => {
    if (v === null || typeof v !== 'object') return e(JSON.stringify(v) ?? 'null');
    const next = `${indent}  `;
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      return `[\n${v.map((x, i) => `${next}${render(x, [...path, String(i)], next)}`).join(',\n')}\n${indent}]`;
    }
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, x]) => `${next}${e(JSON.stringify(k))}: ${render(x, [...path, k], next)}`).join(',\n')}\n${indent}}`;
  };
  const html = render(value, [], '');
  return { html, marked };
}

/**
 * Where in a body a failure's value sits, when the failure names no JSON Pointer: the first JSON value
 * its text quotes (`got {"value":{"amount":5},…}`) found as a subtree of the body, else a pointer it
 * names that the body has (`/data/attributes/x must be string`). Undefined when neither is there.
 */
export function locate(body: unknown, text: string): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const pointers = [...text.matchAll(/(?:^|[\s;:])(\/[A-Za-z0-9_~./-]*[A-Za-z0-9_])(?= must\b)/g)].map((m) => m[1]!);
  for (const literal of jsonLiterals(text)) {
    const found = find(body, literal, '');
    if (found === undefined) continue;
    // a pointer the text names inside the value it quotes (`{…}: /value/amount must be string`)
    const inner = pointers.find((p) => resolve(literal, p) !== undefined);
    return inner !== undefined ? `${found}${inner}` : found;
  }
  return pointers.find((p) => resolve(body, p) !== undefined);
}

/** Balanced `{…}` and `[…]` runs of a text that parse as JSON objects or arrays (at most 5). */
function jsonLiterals(text: string): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < text.length && out.length < 5; i++) {
    if (text[i] !== '{' && text[i] !== '[') continue;
    let depth = 0;
    for (let j = i; j < text.length && j - i < 4000; j++) {
      const ch = text[j];
      if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') depth--;
      if (depth === 0) {
        try {
          const v: unknown = JSON.parse(text.slice(i, j + 1));
          if (v !== null && typeof v === 'object') {
            out.push(v);
            i = j;
          }
        } catch {
          /* not JSON: go on */
        }
        break;
      }
    }
  }
  return out;
}

function find(node: unknown, want: unknown, at: string): string | undefined {
  if (JSON.stringify(sortKeys(node)) === JSON.stringify(sortKeys(want))) return at;
  if (node === null || typeof node !== 'object') return undefined;
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    const hit = find(v, want, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.keys(v as Record<string, unknown>)
      .sort()
      .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
  );
}

function resolve(body: unknown, pointer: string): unknown {
  let node: unknown = body;
  for (const part of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}
