import type { Exchange } from '../http/exchange.js';
import { shortBare } from '../util/short-text.js';

/** What an answer was, in a blocked check's words: `HTTP 422 (field_value_invalid)`. */
export function answerOf(ex: Exchange): string {
  if (!ex.response) return `connection failed: ${ex.transportError ?? 'no response'}`;
  const code = (ex.response.json as { code?: unknown } | undefined)?.code;
  return `HTTP ${ex.response.status}${typeof code === 'string' ? ` (${shortBare(code)})` : ''}`;
}
