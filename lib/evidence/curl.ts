import { KEY_LABELS } from '../redact/redact.js';
import { SETTINGS } from '../config/settings.js';
import type { ExchangeRequest } from '../http/exchange.js';

/**
 * The shell variable each redacted key stands for in a reproducer: the variable the suite itself
 * reads the key from, so a user who ran the suite has it set already.
 */
export const KEY_VARIABLES: ReadonlyArray<readonly [label: string, variable: string]> = [
  [KEY_LABELS.apiKey, SETTINGS.apiKey.env],
  [KEY_LABELS.otherOrgApiKey, SETTINGS.otherOrgApiKey.env],
  [KEY_LABELS.readOnlyApiKey, SETTINGS.readOnlyApiKey.env],
];

/** Headers curl sets (or sends) on its own unless told otherwise; the request's own values win. */
const CURL_DEFAULTS = ['accept', 'user-agent', 'content-type'];
/** Headers curl derives from the URL and body: repeating them would only risk a mismatch. */
const DERIVED = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

/** One word for a POSIX shell, single-quoted: nothing inside is expanded. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * One shell word for a value that may hold redacted keys: the literal parts single-quoted, each key
 * as its variable in double quotes ('Bearer '"$CONFORMANCE_API_KEY"), so the word carries the key
 * when the shell runs it and never before.
 */
export function shellWord(s: string): string {
  const pattern = new RegExp(
    KEY_VARIABLES.map(([label]) => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'g',
  );
  const parts: string[] = [];
  let at = 0;
  for (const m of s.matchAll(pattern)) {
    if (m.index > at) parts.push(shellQuote(s.slice(at, m.index)));
    parts.push(`"$${KEY_VARIABLES.find(([label]) => label === m[0])![1]}"`);
    at = m.index + m[0].length;
  }
  if (at < s.length || parts.length === 0) parts.push(shellQuote(s.slice(at)));
  return parts.join('');
}

/**
 * A curl command that sends the request again: same method, URL, headers and body, with every key
 * as the variable the suite read it from (the exchange holds only the redacted labels, so no key
 * can end up here). Headers curl would add by itself (Accept, User-Agent, a form Content-Type for a
 * body) are removed when the suite did not send them, so the server sees what it saw.
 */
export function curlCommand(request: Pick<ExchangeRequest, 'method' | 'url' | 'headers' | 'body'>): string {
  const method = request.method.toUpperCase();
  const words = ['curl', '-sS', '-i'];
  if (method === 'HEAD') words.push('--head');
  else if (method !== 'GET' || request.body !== undefined) words.push('-X', shellQuote(method));
  words.push(shellWord(request.url));
  const sent = new Set<string>();
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (DERIVED.has(lower)) continue;
    sent.add(lower);
    // curl drops a header given as `Name:`; an empty value needs `Name;`
    words.push('-H', shellWord(value === '' ? `${name};` : `${name}: ${value}`));
  }
  for (const name of CURL_DEFAULTS) {
    if (sent.has(name) || (name === 'content-type' && request.body === undefined)) continue;
    words.push('-H', shellQuote(`${name.replace(/(^|-)\w/g, (x) => x.toUpperCase())}:`));
  }
  if (request.body !== undefined) words.push('--data-binary', shellWord(request.body));
  return words.join(' ');
}
