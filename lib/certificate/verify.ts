import { verify, type KeyObject } from 'node:crypto';
import { catalogueDigest } from './catalogue-digest.js';
import { CERTIFICATE_FORMAT, digestOf, type CertificateBody, type CertificateFile } from './certificate-file.js';

/** What a verification found: no problems is a valid certificate; notes say what was not checked. */
export interface Verification {
  problems: string[];
  notes: string[];
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
 * key), its catalogue digest against the installed suite's, and that every MUST rule was tested.
 */
export function verifyCertificate(
  cert: CertificateFile,
  o: { suiteVersion: string; publicKey?: KeyObject },
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
  } else if (cert.catalogueDigest !== catalogueDigest()) {
    problems.push(`its rule catalogue (${cert.catalogueDigest}) is not this suite's (${catalogueDigest()})`);
  }
  const untested = Object.entries(cert.rules)
    // a rule the server's legal choices leave nothing to judge is not untested: there was nothing to test
    .filter(([, r]) => r.level === 'MUST' && !['passed', 'failed', 'not applicable'].includes(r.outcome))
    .map(([id, r]) => `${id} (${r.outcome})`);
  if (untested.length > 0) {
    const shown = untested.slice(0, 10).join(', ') + (untested.length > 10 ? `, and ${untested.length - 10} more` : '');
    problems.push(`${untested.length} MUST rule(s) were not tested: ${shown}`);
  }
  if (
    cert.verdict === 'conforms' &&
    Object.values(cert.rules).some((r) => r.level === 'MUST' && r.outcome === 'failed')
  ) {
    // a strict-reading rule fails without failing the default reading's verdict
    if (cert.reading === 'strict') problems.push('it reads "conforms" with a MUST rule failed');
  }
  return { problems, notes };
}

function safeVerify(digest: string, signature: string, key: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(digest), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
