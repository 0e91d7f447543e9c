import type { Faker } from '@faker-js/faker';
import { fnv1a } from '../lib/util/fnv1a.js';

/**
 * Values a server may hold unique (an email per organization, a domain, a phone number): each carries
 * the run id, so a run never meets the records an earlier run left (contacts cannot be archived), and
 * a random part drawn from the check's seeded faker, so two checks of one run never meet each other.
 * The seed decides everything but the run id: a second run with the same seed sends the same inputs
 * with its own run id in them.
 */

/** An email address in the run's own subdomain of example.com: `<faker local part>.<random>@<run id>.example.com`. */
export function uniqueEmail(f: Faker, runId: string): string {
  const local = f.internet
    .email({ provider: 'example.com' })
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '');
  return `${local || 'contact'}.${f.string.alphanumeric(6).toLowerCase()}@${runId}.example.com`;
}

/** A domain name no other record has: a faker word and a random part, under the run's label and the `.example` TLD. */
export function uniqueDomain(f: Faker, runId: string): string {
  return `${f.internet.domainWord()}-${f.string.alphanumeric(8).toLowerCase()}.${runId}.example`;
}

/**
 * A phone number of the reserved 555 range. A phone number is digits only, so the run id enters as a
 * number: the seven digits the seed draws are shifted by a digest of the run id (a shift modulo 10^7
 * keeps two draws of one run apart, and moves every number of the run elsewhere in the next).
 */
export function uniquePhone(f: Faker, runId: string): string {
  const drawn = Number(f.string.numeric({ length: 7, allowLeadingZeros: true }));
  const shifted = (drawn + (fnv1a(runId) % 10_000_000)) % 10_000_000;
  return `+1555${String(shifted).padStart(7, '0')}`;
}
