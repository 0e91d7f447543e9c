import { accessSync, appendFileSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { RunCannotStart } from './run-cannot-start.js';

/**
 * The checks a configuration passes before the first request: each mistake is one line naming the
 * flag (exit 2), never a stack trace, and never the value of a key.
 */

/**
 * --base-url: http or https; no userinfo (it would be printed and sent); no query and no fragment
 * (requests go to paths under it, and either would be dropped from each).
 */
export function checkBaseUrl(value: string): void {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new RunCannotStart('--base-url is not a URL: give http(s)://host/…/api/v2/public');
  }
  const refuse = (why: string) => {
    throw new RunCannotStart(`--base-url ${why}`);
  };
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    refuse(`must be http or https, not ${u.protocol.slice(0, -1)}`);
  if (u.username !== '' || u.password !== '')
    refuse('must not carry a user or password (user:password@): the key goes in --api-key');
  const dropped = 'requests go to paths under it, and it would be dropped from each';
  if (u.search !== '' || value.includes('?')) refuse(`must not have a query (?…): ${dropped}`);
  if (u.hash !== '' || value.includes('#')) refuse(`must not have a fragment (#…): ${dropped}`);
}

/** What an HTTP field value can carry (RFC 9110 §5.5: VCHAR, SP, HTAB, obs-text), no space at either end. */
const FIELD_VALUE = /^[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?$/;

/** A key goes into the Authorization header: one a header cannot carry is named by its flag, never shown. */
export function checkKey(flag: string, value: string): void {
  if (!FIELD_VALUE.test(value)) {
    throw new RunCannotStart(
      `${flag} holds characters an HTTP header cannot carry (a line break, a control character, ` +
        'a character past U+00FF, or a space at either end); the key is not shown',
    );
  }
}

/** --report-dir: a folder that exists or can be made, and can be written. */
export function checkReportDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw new RunCannotStart(`--report-dir ${dir} cannot be written: ${reason(err)}`);
  }
}

/** --har: a file (not a folder) whose folder can be written. */
export function checkHar(file: string): void {
  if (existsSync(file) && statSync(file).isDirectory()) {
    throw new RunCannotStart(`--har ${file} is a folder: name a file, e.g. ${path.join(file, 'run.har')}`);
  }
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    accessSync(existsSync(file) ? file : path.dirname(file), constants.W_OK);
  } catch (err) {
    throw new RunCannotStart(`--har ${file} cannot be written: ${reason(err)}`);
  }
}

/**
 * The cleanup ledger is the run's safety net: one that cannot be written stops the run before its
 * first request, not after records it could not note.
 */
export function checkLedger(file: string): void {
  try {
    appendFileSync(file, '');
  } catch (err) {
    throw new RunCannotStart(
      `the cleanup ledger ${file} cannot be written (${reason(err)}): fix --report-dir or its permissions`,
    );
  }
}

function reason(err: unknown): string {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
}
