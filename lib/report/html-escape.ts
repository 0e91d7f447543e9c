import { escapeInvisible } from '../util/invisible.js';

/** HTML-escapes text for element content and quoted attributes; an invisible character is shown as its escape. */
export function htmlEscape(s: string): string {
  return escapeInvisible(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
