import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { RunCannotStart } from '../config/run-cannot-start.js';

/** The Ed25519 key in a PEM file, read before the run: a key that cannot sign is an exit 2, not a late surprise. */
export function readSigningKey(file: string): KeyObject {
  return readKey(file, 'private', '--sign-key');
}

export function readPublicKey(file: string): KeyObject {
  return readKey(file, 'public', '--public-key');
}

function readKey(file: string, kind: 'private' | 'public', flag: string): KeyObject {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (err) {
    throw new RunCannotStart(`${flag} ${file}: cannot read it (${err instanceof Error ? err.message : String(err)})`);
  }
  let key: KeyObject;
  try {
    key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch {
    throw new RunCannotStart(`${flag} ${file}: not a ${kind} key in PEM`);
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new RunCannotStart(
      `${flag} ${file}: an ${String(key.asymmetricKeyType)} key; certificates are signed with Ed25519`,
    );
  }
  return key;
}
