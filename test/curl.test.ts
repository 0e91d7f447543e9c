import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand, shellQuote } from '../lib/evidence/curl.js';
import { MAX_BODY_BYTES, truncateBody } from '../lib/evidence/truncate.js';
import { KEY_LABELS, Redactor } from '../lib/redact/redact.js';

/**
 * The reproducers in every report: a curl command per exchange. What matters is what a shell makes
 * of it, so the commands run through bash with `curl` replaced by a function that prints the
 * arguments it got, each ended by a NUL byte.
 */
function argsOf(command: string, env: Record<string, string> = {}): string[] {
  const r = spawnSync('bash', ['-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split('\0').slice(0, -1);
}

/** What the command's curl reads on its standard input (`--data-binary @-`), as sh runs it. */
function stdinOf(command: string, env: Record<string, string> = {}): string {
  const r = spawnSync('sh', ['-c', `curl() { cat; }\n${command}`], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

const KEY = `k3y'with "quotes" $HOME \`id\` and spaces`;
const OTHER = 'other-org-key-value-1234';
const redactor = new Redactor([
  { label: KEY_LABELS.apiKey, value: KEY },
  { label: KEY_LABELS.otherOrgApiKey, value: OTHER },
]);
const URL = 'http://127.0.0.1:8080/api/v2/public/contact';

describe('curlCommand', () => {
  it('never holds a key: each redacted key is the variable the suite reads it from', () => {
    const request = redactor.value({
      method: 'GET',
      url: `${URL}/x?note=${encodeURIComponent(OTHER)}`,
      headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
    });
    const command = curlCommand(request);
    expect(command).not.toContain(KEY);
    expect(command).not.toContain(OTHER);
    expect(command).toContain(`'authorization: Bearer '"$CONFORMANCE_API_KEY"`);
    expect(command).toContain('"$CONFORMANCE_OTHER_ORG_API_KEY"');
    // run by a user who has the keys set, it sends them
    const args = argsOf(command, { CONFORMANCE_API_KEY: KEY, CONFORMANCE_OTHER_ORG_API_KEY: OTHER });
    expect(args).toContain(`authorization: Bearer ${KEY}`);
    expect(args).toContain(`${URL}/x?note=${OTHER}`);
  });

  it('survives a round trip through a shell: quotes, unicode, newlines, $ and backticks in the body', () => {
    const body = JSON.stringify({
      attributes: {
        first_name: `O'Brien "Bob" $(rm -rf /) \`id\` $HOME`,
        title: 'Zoë — 日本語 🚀\nsecond line\\',
        e: "it's",
      },
    });
    const command = curlCommand({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: 'Bearer <api-key>' },
      body,
    });
    const args = argsOf(command, { CONFORMANCE_API_KEY: 'the-key' });
    expect(args).toEqual([
      '-sS',
      '-i',
      '-X',
      'POST',
      URL,
      '-H',
      'content-type: application/json',
      '-H',
      'accept: application/json',
      '-H',
      'authorization: Bearer the-key',
      '-H',
      'User-Agent:',
      '--data-binary',
      body,
    ]);
  });

  it('removes what curl would add when the suite did not send it: Accept, User-Agent, a form Content-Type', () => {
    const args = argsOf(curlCommand({ method: 'POST', url: URL, headers: {}, body: '{}' }));
    expect(args).toEqual([
      '-sS',
      '-i',
      '-X',
      'POST',
      URL,
      '-H',
      'Accept:',
      '-H',
      'User-Agent:',
      '-H',
      'Content-Type:',
      '--data-binary',
      '{}',
    ]);
    // a GET without a body: no -X, no Content-Type to remove
    expect(argsOf(curlCommand({ method: 'GET', url: URL, headers: { accept: '*/*' } }))).toEqual([
      '-sS',
      '-i',
      URL,
      '-H',
      'accept: */*',
      '-H',
      'User-Agent:',
    ]);
  });

  it('keeps other methods, an empty header value and an empty body as sent', () => {
    expect(
      argsOf(
        curlCommand({
          method: 'DELETE',
          url: URL,
          headers: { 'x-empty': '', accept: 'application/json', 'user-agent': 'ua' },
        }),
      ),
    ).toEqual([
      '-sS',
      '-i',
      '-X',
      'DELETE',
      URL,
      '-H',
      'x-empty;',
      '-H',
      'accept: application/json',
      '-H',
      'user-agent: ua',
    ]);
    expect(
      argsOf(
        curlCommand({
          method: 'PATCH',
          url: URL,
          headers: { accept: 'a', 'user-agent': 'u', 'content-type': 'application/json' },
          body: '',
        }),
      ).slice(-2),
    ).toEqual(['--data-binary', '']);
    // headers curl derives itself are not repeated
    expect(
      curlCommand({
        method: 'GET',
        url: URL,
        headers: { host: 'x', 'content-length': '0', accept: 'a', 'user-agent': 'u' },
      }),
    ).not.toMatch(/host|content-length/i);
  });

  it('a 2 MB body: the command stays small and still sends every byte (the long runs made by the shell)', () => {
    const body = JSON.stringify({
      attributes: { first_name: `O'Brien <api-key>`, zz_conformance_padding: 'x'.repeat(2 * 1024 * 1024 + 1) },
      tail: ' '.repeat(300) + 'end',
    });
    const command = curlCommand({ method: 'POST', url: URL, headers: { 'content-type': 'application/json' }, body });
    expect(command.length).toBeLessThan(MAX_BODY_BYTES);
    expect(command).toMatch(/\| curl .* --data-binary @-$/);
    expect(command).not.toContain('<api-key>');
    expect(stdinOf(command, { CONFORMANCE_API_KEY: 'the-key' })).toBe(body.replace('<api-key>', 'the-key'));
  });

  it('a long body the shell cannot make small, or one the report kept cut: the command names a file it lacks', () => {
    const random = Array.from({ length: 3000 }, (_, i) => (i * 7919).toString(36)).join(',');
    const long = curlCommand({ method: 'PUT', url: URL, headers: {}, body: random });
    expect(long.length).toBeLessThan(MAX_BODY_BYTES);
    expect(long).toContain(`--data-binary @body # body: the ${random.length}-byte body, which the report`);
    const cut = curlCommand({ method: 'POST', url: URL, headers: {}, body: truncateBody('y'.repeat(20_000)) });
    expect(cut).toContain('--data-binary @body # body: its body, which the report does not hold whole');
    expect(cut).not.toContain('truncated');
  });

  it('quotes a word so the shell gives it back unchanged', () => {
    for (const word of ["it's", '', "''", '"$x"', 'a\nb', '\\', 'ü😀'])
      expect(argsOf(`curl ${shellQuote(word)}`)).toEqual([word]);
  });
});
