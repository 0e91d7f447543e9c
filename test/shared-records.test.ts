import { describe, expect, it } from 'vitest';
import { FAULTS } from '../reference/faults/registry.js';
import { DEFAULT_CONCURRENCY, inPool, outcomeOf, runSuite, type FaultOutcome } from './verify/detect.js';

/**
 * One cause, one finding, where probes share a record (docs/performance.md): the refused writes of
 * both keys, the hostile and refused contact patches, the phone-item probes and the custom-object
 * probes each write a record other checks write too, and look only at what they wrote themselves.
 * Against a server that wrongly takes one kind of probe, the whole suite (not only the fault's own
 * rules, as test/faults.test.ts runs first) must fail that probe's rule and no other: a wrongly taken
 * write never shows up in another check's judgement of the record it shares.
 */
const WRONGLY_TAKEN = [
  // the read-only key's and organization B's writes, taken
  'read-only-can-write',
  'read-only-can-delete',
  'other-org-can-write',
  'other-org-can-patch-contact',
  'other-org-can-patch-custom-record',
  'other-org-can-link-account',
  // the phone-item probes that share one contact, each taken
  'phone-item-labels-unchecked',
  'phone-number-mutable',
  'phone-item-last-primary-unflagged',
  // a patch the server mishandles must never reach the record the probes find by its match value
  'upsert-match-lost-after-patch',
] as const;

describe('probes that share a record: a wrongly taken one fails its own rule, and no other', () => {
  const faults = WRONGLY_TAKEN.map((id) => {
    const fault = FAULTS.find((f) => f.id === id);
    if (!fault) throw new Error(`no fault ${id}`);
    return fault;
  });
  let outcomes: Promise<FaultOutcome[]> | undefined;
  const all = (): Promise<FaultOutcome[]> =>
    (outcomes ??= inPool(faults, DEFAULT_CONCURRENCY, async (f) =>
      outcomeOf(f, await runSuite(['--fault', f.id], { inProcess: true })),
    ));

  for (const fault of faults) {
    it(`${fault.id}: the whole suite fails ${fault.breaks.join(', ')} only`, async () => {
      const o = (await all()).find((x) => x.id === fault.id)!;
      expect(o.matched, `no failed check names ${fault.breaks.join(' or ')}`).not.toEqual([]);
      expect(o.otherRules, 'failed rules the fault does not declare').toEqual([]);
    }, 600_000);
  }
});
