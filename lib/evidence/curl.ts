import { KEY_LABELS } from '../redact/redact.js';
import { SETTINGS } from '../config/settings.js';
import type { ExchangeRequest } from '../http/exchange.js';
import { MAX_BODY_BYTES, wasCut } from './truncate.js';

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
 *
 * Bounded like the report's bodies (MAX_BODY_BYTES): a longer body is piped in, its long runs of one
 * character made by the shell (the oversize family's 2 MB of `x` is one `head -c … | tr …`); a body
 * that stays longer, or that the report kept only cut, is read from a file the command names and
 * says it does not hold. A 2 MB command would be kept by every report, and no shell takes a 2 MB word.
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
  const body = request.body;
  if (body === undefined) return words.join(' ');
  if (Buffer.byteLength(body, 'utf8') <= MAX_BODY_BYTES && !wasCut(body))
    return [...words, '--data-binary', shellWord(body)].join(' ');
  const made = wasCut(body) ? undefined : bodyMaker(body);
  if (made !== undefined) return `{ ${made}; } | ${[...words, '--data-binary', '@-'].join(' ')}`;
  const bytes = wasCut(body) ? 'its' : `the ${Buffer.byteLength(body, 'utf8')}-byte`;
  return `${[...words, '--data-binary', '@body'].join(' ')} # body: ${bytes} body, which the report does not hold whole`;
}

/** A run of one character this long is made by the shell, not written out. */
const LONG_RUN = 256;
/** The characters a run may be of: none that `tr` or the shell read as anything but itself. */
const LONG_RUNS = new RegExp(`([A-Za-z0-9 ])\\1{${LONG_RUN - 1},}`, 'g');

/**
 * Shell commands that print `body` exactly: its literal parts through printf, each long run of one
 * character from /dev/zero through tr. Undefined when the literal parts alone are past MAX_BODY_BYTES.
 */
function bodyMaker(body: string): string | undefined {
  const parts: string[] = [];
  let literal = 0;
  let at = 0;
  const print = (s: string): void => {
    if (s.length === 0) return;
    literal += Buffer.byteLength(s, 'utf8');
    parts.push(`printf '%s' ${shellWord(s)}`);
  };
  for (const m of body.matchAll(LONG_RUNS)) {
    print(body.slice(at, m.index));
    if (literal > MAX_BODY_BYTES) return undefined;
    parts.push(`head -c ${m[0].length} /dev/zero | tr '\\0' ${shellQuote(m[1] ?? '')}`);
    at = m.index + m[0].length;
  }
  print(body.slice(at));
  return literal > MAX_BODY_BYTES ? undefined : parts.join('; ');
}
