import { verify, type KeyObject } from 'node:crypto';
import type { Catalogue } from '../catalogue/catalogue.js';
import { catalogueDigest } from './catalogue-digest.js';
import {
  CERTIFICATE_FORMAT,
  digestOf,
  untestedRules,
  type CertificateBody,
  type CertificateFile,
  type Untested,
} from './certificate-file.js';

/**
 * What a verification found, two questions apart. Genuine: `problems` is empty (the digest, the
 * signature given a key, the catalogue, and a verdict its own rules bear out); `notes` say what was not
 * checked. What the run found: `found`, as the certificate states it, whatever it is.
 */
export interface Verification {
  problems: string[];
  notes: string[];
  found: RunFound;
}

/** What the certified run found: its verdict, the MUST rules it failed, those it did not test. */
export interface RunFound {
  verdict: CertificateFile['verdict'];
  failed: string[];
  untested: Untested[];
}

/** Whether the value is a certificate at all (else it is unreadable as one: exit 2). */
export function isCertificate(value: unknown): value is CertificateFile {
  const v = value as Partial<CertificateFile> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.format === CERTIFICATE_FORMAT &&
    typeof v.digest === 'string' &&
    typeof v.rules === 'object' &&
    v.rules !== null
  );
}

/**
 * Re-checks a certificate: its digest against its content, its signature (given the issuer's public
 * key), its catalogue digest against the installed suite's, and that its verdict is the one its rules
 * give. A run that did not conform, or did not test every MUST rule, is a finding of the run, told
 * in `found`: its honest certificate is genuine all the same.
 */
export function verifyCertificate(
  cert: CertificateFile,
  o: { suiteVersion: string; catalogue: Catalogue; publicKey?: KeyObject },
): Verification {
  const problems: string[] = [];
  const notes: string[] = [];
  const { digest, signature, ...body } = cert;
  if (digestOf(body as CertificateBody) !== digest) {
    problems.push('the digest does not match the content: the certificate was changed after it was issued');
  }
  if (o.publicKey) {
    if (!signature) problems.push('it is not signed, and a public key was given');
    else if (!safeVerify(digest, signature.value, o.publicKey))
      problems.push('the signature does not verify with the given public key');
  } else if (signature) {
    notes.push("signed; pass --public-key with the issuer's key to check the signature");
  } else {
    notes.push('unsigned: the digest shows it is intact, not who issued it');
  }
  if (cert.suiteVersion !== o.suiteVersion) {
    problems.push(
      `issued by suite ${cert.suiteVersion}, and this is suite ${o.suiteVersion}: verify it with that version`,
    );
  } else if (cert.catalogueDigest !== catalogueDigest(o.catalogue.rules)) {
    const own = catalogueDigest(o.catalogue.rules);
    problems.push(`its rule catalogue (${cert.catalogueDigest}) is not this suite's (${own})`);
  }
  const found = runFound(cert);
  problems.push(...verdictProblems(cert, found));
  return { problems, notes, found };
}

/** What the run found, from the certificate's rules and its skipped and blocked checks. */
export function runFound(cert: CertificateFile): RunFound {
  const must = Object.entries(cert.rules).filter(([, r]) => r.level === 'MUST');
  return {
    verdict: cert.verdict,
    failed: must.filter(([, r]) => r.outcome === 'failed').map(([id]) => id),
    untested: untestedRules(cert),
  };
}

/**
 * A verdict its own rules do not bear out is none this suite issues: `conforms` with a MUST rule
 * untested (or failed, under the strict reading, where every failure counts), `does not conform` with
 * no MUST rule failed.
 */
function verdictProblems(cert: CertificateFile, found: RunFound): string[] {
  if (cert.verdict === 'conforms' && found.untested.length > 0)
    return [`it reads "conforms", yet ${found.untested.length} MUST rule(s) were not tested`];
  // a strict-reading rule fails without failing the default reading's verdict
  if (cert.verdict === 'conforms' && cert.reading === 'strict' && found.failed.length > 0)
    return ['it reads "conforms" with a MUST rule failed'];
  if (cert.verdict === 'does not conform' && found.failed.length === 0)
    return ['it reads "does not conform", yet no MUST rule failed'];
  return [];
}

function safeVerify(digest: string, signature: string, key: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(digest), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
