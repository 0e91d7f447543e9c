import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Catalogue } from '../catalogue/catalogue.js';
import { readPublicKey } from '../certificate/keys.js';
import { isCertificate, verifyCertificate, type RunFound } from '../certificate/verify.js';
import type { CertificateFile } from '../certificate/certificate-file.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { suiteVersion } from '../config/suite-version.js';
import { inertLines } from '../report/inert.js';

/** A certificate's text on one inert line: it is a file anyone may have written. */
const inert = (text: string) => inertLines(text).join(' ');

/** What a gate may demand of a genuine certificate's run: its verdict, or that it tested every MUST rule. */
const REQUIRABLE = ['conforms', 'complete'] as const;
type Requirement = (typeof REQUIRABLE)[number];

/** Rules named on one line at most, the rest counted. */
const SHOWN = 10;

interface VerifyArgs {
  file: string;
  keyFile?: string;
  require?: Requirement;
}

function parseArgs(argv: readonly string[]): VerifyArgs {
  let file: string | undefined;
  let keyFile: string | undefined;
  let require: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--public-key') keyFile = argv[++i];
    else if (a.startsWith('--public-key=')) keyFile = a.slice('--public-key='.length);
    else if (a === '--require') require = argv[++i];
    else if (a.startsWith('--require=')) require = a.slice('--require='.length);
    else if (a.startsWith('--')) throw new RunCannotStart(`verify-certificate: unknown option ${a}`);
    else file = a;
  }
  if (file === undefined)
    throw new RunCannotStart('verify-certificate: name the certificate file (certificate.json of a report folder)');
  if (require !== undefined && !(REQUIRABLE as readonly string[]).includes(require))
    throw new RunCannotStart(
      `verify-certificate: --require takes ${REQUIRABLE.join(' or ')} (got ${require === undefined ? 'nothing' : inert(require)})`,
    );
  return { file, ...(keyFile ? { keyFile } : {}), ...(require ? { require: require as Requirement } : {}) };
}

function readCertificate(file: string, shown: string): CertificateFile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new RunCannotStart(
      `verify-certificate: ${shown}: cannot read it as JSON (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  if (!isCertificate(data))
    throw new RunCannotStart(
      `verify-certificate: ${shown}: not a certificate of this suite (no format, digest or rules)`,
    );
  return data;
}

/**
 * `npx conformance verify-certificate FILE [--public-key PEM] [--require conforms|complete]`. Two
 * questions apart: is the certificate genuine (digest, signature, catalogue, a verdict its rules bear
 * out), and what did the run find (its verdict, the MUST rules it failed, those it did not test and
 * why). Exit 0 genuine (whatever the run found), 1 not genuine, or genuine but short of `--require`,
 * 2 unreadable (no file, no JSON, not a certificate, an unreadable key, an unknown option).
 */
export function verifyCertificateCommand(
  argv: readonly string[],
  print: (line: string) => void,
  catalogue: Catalogue,
  cwd: string = process.cwd(),
): number {
  const a = parseArgs(argv);
  // the files as the user named them (in every line), read where they are: the caller's folder
  const data = readCertificate(path.resolve(cwd, a.file), a.file);
  const publicKey = a.keyFile !== undefined ? readPublicKey(path.resolve(cwd, a.keyFile)) : undefined;
  const v = verifyCertificate(data, { suiteVersion: suiteVersion(), catalogue, ...(publicKey ? { publicKey } : {}) });
  const what = `${inert(data.target)} (suite ${inert(data.suiteVersion)}, ${inert(data.date)}, ${inert(data.reading)} reading)`;
  const genuine = v.problems.length === 0;
  print(genuine ? `certificate genuine: ${what}` : `certificate NOT genuine: ${what}`);
  for (const p of v.problems) print(`  - ${p}`);
  for (const n of v.notes) print(`  note: ${n}`);
  // what it claims is printed either way; a certificate that is not genuine claims it without proof
  for (const line of foundLines(v.found, genuine)) print(line);
  if (!genuine) return 1;
  const short = a.require ? unmet(a.require, v.found) : undefined;
  if (short) {
    print(`required: ${a.require} · ${short}`);
    return 1;
  }
  return 0;
}

/** What the run found, in the certificate's words (each made inert: anyone may have written them). */
function foundLines(f: RunFound, genuine: boolean): string[] {
  const out = [`${genuine ? 'the run found' : 'the run it claims (not to be relied on)'}: ${inert(f.verdict)}`];
  if (f.failed.length > 0) out.push(`  MUST rules failed (${f.failed.length}): ${listed(f.failed.map(inert))}`);
  if (f.untested.length > 0) {
    out.push(`  MUST rules not tested (${f.untested.length}):`);
    for (const u of f.untested.slice(0, SHOWN)) out.push(`    ${inert(u.rule)}: ${inert(u.why)}`);
    if (f.untested.length > SHOWN) out.push(`    … and ${f.untested.length - SHOWN} more`);
  }
  return out;
}

/** Why the run falls short of what the gate requires, or undefined when it meets it. */
function unmet(require: Requirement, f: RunFound): string | undefined {
  if (require === 'conforms' && f.verdict !== 'conforms') return `the run found: ${inert(f.verdict)}`;
  if (require === 'complete' && f.untested.length > 0) return `${f.untested.length} MUST rule(s) were not tested`;
  return undefined;
}

function listed(ids: readonly string[]): string {
  return ids.slice(0, SHOWN).join(', ') + (ids.length > SHOWN ? `, and ${ids.length - SHOWN} more` : '');
}
