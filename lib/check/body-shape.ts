import type { ExchangeResponse } from '../http/exchange.js';
import { shortText } from '../util/short-text.js';

/**
 * What a body is, in a few words and never a slice of it cut mid-token: `an empty body`, `a body
 * that is not JSON (312 bytes)`, `a JSON array`, `an object with keys code, message`.
 */
export function bodyShape(r: ExchangeResponse): string {
  if (r.text.length === 0) return 'an empty body';
  return r.json === undefined ? `a body that is not JSON (${r.text.length} characters)` : jsonShape(r.json);
}

export function jsonShape(v: unknown): string {
  if (v === null) return 'JSON null';
  if (Array.isArray(v)) return `a JSON array of ${v.length}`;
  if (typeof v !== 'object') return `a JSON ${typeof v}`;
  const keys = Object.keys(v);
  if (keys.length === 0) return 'an empty object';
  const shown = keys
    .slice(0, 8)
    .map((k) => shortText(k))
    .join(', ');
  return `an object with key${keys.length === 1 ? '' : 's'} ${shown}${keys.length > 8 ? ` and ${keys.length - 8} more` : ''}`;
}
