import { readFileSync } from 'node:fs';
import { readPublicKey } from '../certificate/keys.js';
import { isCertificate, verifyCertificate } from '../certificate/verify.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { suiteVersion } from '../config/suite-version.js';
import { inertLines } from '../report/inert.js';

/** A certificate's text on one inert line: it is a file anyone may have written. */
const inert = (text: string) => inertLines(text).join(' ');

/**
 * `npx conformance verify-certificate FILE [--public-key PEM]`: 0 valid, 1 not (each problem named),
 * 2 unreadable (no file, no JSON, not a certificate, an unreadable key).
 */
export function verifyCertificateCommand(argv: readonly string[], print: (line: string) => void): number {
  let file: string | undefined;
  let keyFile: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--public-key') keyFile = argv[++i];
    else if (a.startsWith('--public-key=')) keyFile = a.slice('--public-key='.length);
    else if (a.startsWith('--')) throw new RunCannotStart(`verify-certificate: unknown option ${a}`);
    else file = a;
  }
  if (file === undefined)
    throw new RunCannotStart('verify-certificate: name the certificate file (certificate.json of a report folder)');
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new RunCannotStart(
      `verify-certificate: ${file}: cannot read it as JSON (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  if (!isCertificate(data))
    throw new RunCannotStart(
      `verify-certificate: ${file}: not a certificate of this suite (no format, digest or rules)`,
    );
  const publicKey = keyFile !== undefined ? readPublicKey(keyFile) : undefined;
  const v = verifyCertificate(data, { suiteVersion: suiteVersion(), ...(publicKey ? { publicKey } : {}) });
  const what = `${inert(data.target)}: ${data.verdict} (suite ${inert(data.suiteVersion)}, ${inert(data.date)}, ${data.reading} reading)`;
  if (v.problems.length === 0) {
    print(`certificate valid: ${what}`);
    for (const n of v.notes) print(`  note: ${n}`);
    return 0;
  }
  print(`certificate NOT valid: ${what}`);
  for (const p of v.problems) print(`  - ${p}`);
  for (const n of v.notes) print(`  note: ${n}`);
  return 1;
}
