import { createHash, sign, type KeyObject } from 'node:crypto';
import type { CheckResult } from '../check/result.js';
import { ruleEntries, type Catalogue } from '../catalogue/catalogue.js';
import { canonicalJson } from './canonical-json.js';
import { catalogueDigest } from './catalogue-digest.js';

export const CERTIFICATE_FORMAT = 'public-records-api-conformance-certificate/1';

/** What one rule came to over its checks in the run. */
export type RuleOutcome = 'passed' | 'failed' | 'blocked' | 'skipped' | 'not applicable' | 'not run';

/**
 * certificate.json: what a run certifies, bound to the suite that ran it (its version and the digest
 * of its rule catalogue) and, with --sign-key, to whoever issued it. `digest` is sha256 over the
 * canonical JSON of every other field; `signature` an Ed25519 signature of that digest's text.
 * Anyone can re-check both with `npx conformance verify-certificate`.
 */
export interface CertificateFile {
  format: typeof CERTIFICATE_FORMAT;
  suiteVersion: string;
  catalogueDigest: string;
  specVersion: string;
  /** the base URL, without userinfo */
  target: string;
  date: string;
  reading: 'default' | 'strict';
  /**
   * the run's one verdict (lib/certificate/verdict.ts): `conforms` only when every MUST check ran and
   * passed and no MUST rule was left out; a MUST check skipped or blocked certifies nothing about its
   * rule, and the run says `incomplete`
   */
  verdict: 'conforms' | 'does not conform' | 'incomplete';
  rules: Record<string, { level: string; outcome: RuleOutcome }>;
  skipped: Array<{ check: string; reason: string }>;
  /** the checks whose rule the server's legal choices leave nothing to judge, and the answers that show it */
  notApplicable?: Array<{ check: string; reason: string }>;
  blocked: Array<{ check: string; step: string; answer: string }>;
  digest: string;
  signature?: { algorithm: 'ed25519'; value: string };
}

/** The fields the digest covers: everything but the digest and the signature. */
export type CertificateBody = Omit<CertificateFile, 'digest' | 'signature'>;

export function withoutUserinfo(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, url.endsWith('/') ? '/' : '');
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//');
  }
}

export function ruleOutcomes(checks: readonly CheckResult[], catalogue: Catalogue): CertificateFile['rules'] {
  const rules: CertificateFile['rules'] = {};
  for (const [id, rule] of ruleEntries(catalogue)) {
    const own = checks.filter((c) => c.id === id);
    const has = (s: CheckResult['status']) => own.some((c) => c.status === s);
    const outcome: RuleOutcome =
      own.length === 0
        ? 'not run'
        : has('failed')
          ? 'failed'
          : has('blocked')
            ? 'blocked'
            : has('passed')
              ? 'passed'
              : has('skipped')
                ? 'skipped'
                : 'not applicable';
    rules[id] = { level: rule.level, outcome };
  }
  return rules;
}

/** Outcomes that leave a rule untested; any other (passed, failed, or one a later format adds) does not. */
const UNTESTED: readonly RuleOutcome[] = ['blocked', 'skipped', 'not run'];

/** A MUST rule the run did not test, and why, in the certificate's words. */
export interface Untested {
  rule: string;
  outcome: RuleOutcome;
  why: string;
}

/**
 * The MUST rules a run did not test, each with the first reason its checks give: the step that blocked
 * it and what that step answered, the skip's reason, or no check of it in the run. One list, read from
 * a certificate by verify-certificate and from the checks by every report.
 */
export function untestedRules(c: Pick<CertificateBody, 'rules' | 'skipped' | 'blocked'>): Untested[] {
  return Object.entries(c.rules)
    .filter(([, r]) => r.level === 'MUST' && UNTESTED.includes(r.outcome))
    .map(([rule, r]) => ({ rule, outcome: r.outcome, why: whyUntested(c, rule, r.outcome) }));
}

function whyUntested(c: Pick<CertificateBody, 'skipped' | 'blocked'>, rule: string, outcome: RuleOutcome): string {
  const own = (check: string) => check.startsWith(`${rule}: `);
  const b = outcome === 'blocked' ? (c.blocked ?? []).find((x) => own(x.check)) : undefined;
  if (b) return `blocked: ${b.step} answered ${b.answer}`;
  const s = outcome === 'skipped' ? (c.skipped ?? []).find((x) => own(x.check)) : undefined;
  if (s) return `skipped: ${s.reason}`;
  if (outcome === 'not run')
    return 'not run: no check of it was in the run (--only, --skip, --shard, or an interrupted run)';
  return outcome;
}

/** The skipped and blocked checks, as the certificate lists them. */
export function notRunToAVerdict(
  checks: readonly CheckResult[],
): Pick<CertificateBody, 'skipped' | 'blocked' | 'notApplicable'> {
  const notApplicable = checks.filter((c) => c.status === 'not applicable');
  return {
    ...(notApplicable.length > 0
      ? { notApplicable: notApplicable.map((c) => ({ check: `${c.id}: ${c.title}`, reason: c.message })) }
      : {}),
    skipped: checks
      .filter((c) => c.status === 'skipped')
      .map((c) => ({ check: `${c.id}: ${c.title}`, reason: c.message })),
    blocked: checks
      .filter((c) => c.status === 'blocked')
      .map((c) => ({
        check: `${c.id}: ${c.title}`,
        step: c.blockedBy?.step ?? 'unknown',
        answer: c.blockedBy?.answer ?? c.message,
      })),
  };
}

/** The MUST rules a run's checks left untested (see untestedRules). */
export function untestedOf(checks: readonly CheckResult[], catalogue: Catalogue): Untested[] {
  return untestedRules({ rules: ruleOutcomes(checks, catalogue), ...notRunToAVerdict(checks) });
}

export function certificateBody(
  checks: readonly CheckResult[],
  catalogue: Catalogue,
  o: {
    suiteVersion: string;
    specVersion: string;
    target: string;
    date: string;
    strict: boolean;
    reportVerdict: CertificateFile['verdict'];
  },
): CertificateBody {
  const rules = ruleOutcomes(checks, catalogue);
  // the report's verdict (lib/certificate/verdict.ts): a MUST check skipped or blocked, or a MUST rule
  // the selection left out, already made it `incomplete`; and whoever passes a verdict, a MUST rule no
  // check of the list tested cannot be certified
  // a rule the server's legal choices leave nothing to judge (not applicable) is not untested
  const mustUntested = Object.values(rules).some((r) => r.level === 'MUST' && UNTESTED.includes(r.outcome));
  const verdict = o.reportVerdict === 'conforms' && mustUntested ? 'incomplete' : o.reportVerdict;
  return {
    format: CERTIFICATE_FORMAT,
    suiteVersion: o.suiteVersion,
    catalogueDigest: catalogueDigest(catalogue.rules),
    specVersion: o.specVersion,
    target: withoutUserinfo(o.target),
    date: o.date,
    reading: o.strict ? 'strict' : 'default',
    verdict,
    rules,
    ...notRunToAVerdict(checks),
  };
}

export function digestOf(body: CertificateBody): string {
  return `sha256:${createHash('sha256').update(canonicalJson(body)).digest('hex')}`;
}

/** The certificate: the body, its digest and, given a private key, the signature of the digest. */
export function sealCertificate(body: CertificateBody, privateKey?: KeyObject): CertificateFile {
  const digest = digestOf(body);
  const file: CertificateFile = { ...body, digest };
  if (privateKey)
    file.signature = { algorithm: 'ed25519', value: sign(null, Buffer.from(digest), privateKey).toString('base64') };
  return file;
}
