import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/**
 * sha256 of the rule catalogue a suite checks against: every rule's id, level and quote, sorted by
 * id. Two suites with the same digest judge by the same rules; a certificate names the one it used.
 */
export function catalogueDigest(rules: Readonly<Record<string, { level: string; quote: string }>>): string {
  const entries = Object.entries(rules)
    .map(([id, r]) => [id, r.level, r.quote])
    .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
  return `sha256:${createHash('sha256').update(canonicalJson(entries)).digest('hex')}`;
}
