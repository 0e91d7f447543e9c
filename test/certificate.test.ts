import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess, runInProcess } from './support/in-process.js';
import { certificateBody, sealCertificate, withoutUserinfo } from '../lib/certificate/certificate-file.js';
import { verifyCertificate } from '../lib/certificate/verify.js';
import { RULES } from '../suites/spec/rules/catalogue.js';
import { suiteVersion } from '../lib/config/suite-version.js';
import type { CheckResult } from '../lib/check/result.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';

const work = mkdtempSync(path.join(tmpdir(), 'conformance-certificate-'));
const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const issuer = keyPair();
const stranger = keyPair();
const file = (name: string, text: string) => {
  const p = path.join(work, name);
  writeFileSync(p, text);
  return p;
};
const issuerPrivate = file('issuer.pem', issuer.privateKey);
const issuerPublic = file('issuer.pub.pem', issuer.publicKey);
const strangerPublic = file('stranger.pub.pem', stranger.publicKey);
let certificate: string;

beforeAll(async () => {
  // a whole run on the embedded reference, signed: every MUST rule tested and passed (in this process, through the
  // composition root: the certificate is what is judged, and verify-certificate runs as a user runs it)
  const r = await runInProcess(['--report-dir', path.join(work, 'run'), '--sign-key', issuerPrivate], work);
  expect(r.code, r.stdout + r.stderr).toBe(0);
  certificate = readFileSync(path.join(work, 'run', 'certificate.json'), 'utf8');
}, 300_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const verifyCli = (cert: string, ...args: string[]) =>
  runCliInProcess(['verify-certificate', file('c.json', cert), ...args]);

describe('certificate.json: sign, then anyone verifies', () => {
  it('binds the run to the suite, the catalogue and the issuer', () => {
    const c = JSON.parse(certificate) as Record<string, unknown>;
    expect(c).toMatchObject({
      suiteVersion: suiteVersion(),
      specVersion: 'v2',
      verdict: 'conforms',
      reading: 'default',
    });
    expect(c['catalogueDigest']).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(c['digest']).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(c['signature']).toMatchObject({ algorithm: 'ed25519' });
    expect(Object.keys(c['rules'] as object).sort()).toEqual(Object.keys(RULES).sort());
  });

  it("verifies with the issuer's public key: exit 0", async () => {
    const r = await verifyCli(certificate, '--public-key', issuerPublic);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^certificate genuine: /m);
    expect(r.stdout).toMatch(/^the run found: conforms$/m);
  });

  it('one changed byte: exit 1, naming the digest', async () => {
    const changed = certificate.replace('"verdict": "conforms"', '"verdict": "conformz"');
    expect(changed).not.toBe(certificate);
    const r = await verifyCli(changed, '--public-key', issuerPublic);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^certificate NOT genuine: /m);
    expect(r.stdout).toMatch(/the digest does not match the content/);
  });

  it('another key: exit 1, naming the signature', async () => {
    const r = await verifyCli(certificate, '--public-key', strangerPublic);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/the signature does not verify/);
  });

  it('not a certificate, or no file: exit 2 with one line', async () => {
    const r = await verifyCli('{"hello":1}');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a certificate/);
    const gone = await runCliInProcess(['verify-certificate', path.join(work, 'nothing.json')]);
    expect(gone.code).toBe(2);
  });
});

describe('a certificate of a run that did not test every MUST rule', () => {
  const result = (id: string, status: CheckResult['status']): CheckResult => ({
    id,
    level: 'MUST',
    status,
    title: 't',
    endpoint: '*',
    message: status === 'blocked' ? 'blocked' : '',
    group: 'g',
    section: 's',
    quote: 'q',
    ...(status === 'blocked' ? { blockedBy: { step: 'POST /contact', answer: 'HTTP 500' } } : {}),
  });
  const allPassed = Object.keys(RULES).map((id) => result(id, 'passed'));
  const body = (checks: CheckResult[]) =>
    certificateBody(checks, CATALOGUE, {
      suiteVersion: suiteVersion(),
      specVersion: 'v2',
      target: 'https://u:p@api.example/api/v2/public',
      date: '2026-11-24',
      strict: false,
      reportVerdict: 'conforms',
    });

  it('never reads "conforms"; honest, it is genuine and names each rule not tested with why', () => {
    const blocked = allPassed.map((c, i) => (i === 0 ? result(c.id, 'blocked') : c));
    const cert = sealCertificate(body(blocked));
    expect(cert.verdict).toBe('incomplete');
    expect(cert.blocked).toEqual([{ check: `${blocked[0]!.id}: t`, step: 'POST /contact', answer: 'HTTP 500' }]);
    const v = verifyCertificate(cert, { suiteVersion: suiteVersion(), catalogue: CATALOGUE });
    expect(v.problems).toEqual([]);
    expect(v.found).toEqual({
      verdict: 'incomplete',
      failed: [],
      untested: [{ rule: blocked[0]!.id, outcome: 'blocked', why: 'blocked: POST /contact answered HTTP 500' }],
    });
    const skipped = sealCertificate(body(allPassed.slice(1)));
    expect(skipped.verdict).toBe('incomplete');
    expect(
      verifyCertificate(skipped, { suiteVersion: suiteVersion(), catalogue: CATALOGUE }).found.untested[0],
    ).toMatchObject({
      rule: allPassed[0]!.id,
      outcome: 'not run',
    });
  });

  it('a verdict its own rules do not bear out is not genuine, even with its digest made again', () => {
    const blocked = allPassed.map((c, i) => (i === 0 ? result(c.id, 'blocked') : c));
    const forged = sealCertificate({ ...body(blocked), verdict: 'conforms' });
    expect(
      verifyCertificate(forged, { suiteVersion: suiteVersion(), catalogue: CATALOGUE }).problems.join('\n'),
    ).toMatch(/reads "conforms", yet 1 MUST rule\(s\) were not tested/);
    const noFailure = sealCertificate({ ...body(allPassed), verdict: 'does not conform' });
    expect(verifyCertificate(noFailure, { suiteVersion: suiteVersion(), catalogue: CATALOGUE }).problems).toHaveLength(
      1,
    );
  });

  it('conforms when every MUST rule passed, and drops the userinfo of the target', () => {
    const cert = sealCertificate(body(allPassed));
    expect(cert.verdict).toBe('conforms');
    expect(cert.target).toBe('https://api.example/api/v2/public');
    expect(verifyCertificate(cert, { suiteVersion: suiteVersion(), catalogue: CATALOGUE }).problems).toEqual([]);
    expect(withoutUserinfo('http://a:b@h:1/x/')).toBe('http://h:1/x/');
  });
});

describe('verify-certificate: is it genuine, and what did the run find, apart', () => {
  const run = async (name: string, ...args: string[]) => {
    const dir = path.join(work, name);
    const r = await runInProcess(['--report-dir', dir, ...args], work);
    // a run that does not conform exits 1; one narrowed by --only exits 0, incomplete
    expect(r.code, r.stdout + r.stderr).not.toBe(2);
    return readFileSync(path.join(dir, 'certificate.json'), 'utf8');
  };

  it('a genuine certificate of a run that does not conform: genuine, exit 0, the verdict and the failed rule printed', async () => {
    const cert = await run('nonconforming', '--fault', 'error-code-unlisted', '--only', 'error.code-listed');
    const r = await verifyCli(cert);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^certificate genuine: /m);
    expect(r.stdout).not.toMatch(/NOT genuine/);
    expect(r.stdout).toMatch(/^the run found: does not conform$/m);
    expect(r.stdout).toMatch(/MUST rules failed \(1\): error\.code-listed/);
    // a gate that demands a verdict gets exit 1, and the reason
    const gate = await verifyCli(cert, '--require', 'conforms');
    expect(gate.code).toBe(1);
    expect(gate.stdout).toMatch(/^required: conforms · the run found: does not conform$/m);
    // tampered: not genuine, exit 1, whatever it claims
    const tampered = cert.replace('"verdict": "does not conform"', '"verdict": "conforms"');
    expect(tampered).not.toBe(cert);
    const t = await verifyCli(tampered);
    expect(t.code).toBe(1);
    expect(t.stdout).toMatch(/^certificate NOT genuine: /m);
    expect(t.stdout).toMatch(/the digest does not match the content/);
    expect(t.stdout).toMatch(/^the run it claims \(not to be relied on\): conforms$/m);
  }, 120_000);

  it('a genuine certificate of an incomplete run: exit 0 naming each rule not tested and why; --require complete exits 1', async () => {
    const cert = await run('incomplete', '--only', 'contact.create.status-201');
    const r = await verifyCli(cert);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^the run found: incomplete$/m);
    expect(r.stdout).toMatch(/MUST rules not tested \(\d+\):\n {4}[a-z.-]+: not run: no check of it was in the run/);
    expect((await verifyCli(cert, '--require', 'complete')).code).toBe(1);
    expect((await verifyCli(cert, '--require', 'everything')).code).toBe(2);
  }, 120_000);
});
