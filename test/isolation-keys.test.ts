import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../suites/spec/operations.js';
import { operationTable } from '../suites/spec/operation-row.js';
import { hasSubResourceKey, subResourceKeyChecks, subResourceKeys } from '../suites/sweeps/sub-resource-keys.js';
import type { CaseOf } from '../suites/sweeps/read-only.js';
import { isTypedRecordPath, unknownTypeChecks } from '../suites/sweeps/unknown-types.js';
import { DEFAULT_CONCURRENCY, inPool, runSuite, type SuiteRun } from './verify/detect.js';

// Issue 39, area 4: isolation through a sub-resource key (an item id, a domain name, an edge's target)
// under the caller's own record, and through related_record_match. The sweep goes over every operation
// of the table whose path holds a sub-resource key; each fault leaks through one of them and fails
// that operation's check alone.

const CASE: CaseOf = { what: 'a fake case', run: () => Promise.resolve() };

/** The real table and one operation with a sub-resource key it lacks, under the real rows' compiler checks. */
const COPY = operationTable({
  ...OPERATIONS,
  'DELETE /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}': {
    summary: 'Remove one phone item of a contact',
    params: { contact_id: 'contact id', item_id: 'phone item id' },
    request: null,
    success: { status: '2XX', schema: 'unshown', description: 'fake' },
    creates: null,
    wronglyAccepted: 'remove a phone item',
    fixtures: ['contactWithPhoneNumbersId'],
    readBack: 'GET /contact/{contact_id}',
    archived404: null,
    probe: { body: null },
  },
});
const FAKE = 'DELETE /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}';

const STATED = [
  'PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}',
  'DELETE /account/{account_id}/attribute/domains/{domain_name}',
  'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}',
];

describe('the sub-resource key sweep follows the operation table', () => {
  it('finds every path position the table says holds a sub-resource key, and no other', () => {
    const found = Object.entries(OPERATIONS)
      .filter(([e, row]) => hasSubResourceKey(e, row))
      .map(([e, row]) => [e, subResourceKeys(row)]);
    expect(found).toEqual([
      [STATED[0], ['item_id']],
      [STATED[1], ['domain_name']],
      [STATED[2], ['target_id']],
    ]);
  });

  it('reaches an operation added to the table, and refuses to load without its case', () => {
    const cases = Object.fromEntries(STATED.map((e) => [e, CASE]));
    expect(() => subResourceKeyChecks(COPY, cases)).toThrow(`${FAKE} has no case in SUB_RESOURCE_KEYS`);
    const checks = subResourceKeyChecks(COPY, { ...cases, [FAKE]: CASE });
    expect(checks.map((c) => c.endpoint)).toEqual([...STATED, FAKE]);
  });
});

/** Each fault, and the title start of the one check that must fail under it. */
const LEAKS: ReadonlyArray<readonly [fault: string, endpoint: string]> = [
  ['phone-item-found-in-any-contact', STATED[0]!],
  ['domain-removed-from-any-account', STATED[1]!],
  ['edge-removed-by-target-alone', STATED[2]!],
  [
    'match-across-organizations',
    "POST /contact/{contact_id}/relationship/{api_name}: organization B's related_record_match",
  ],
];

const failed = (run: SuiteRun) => run.checks.filter((c) => c.status === 'failed').map((c) => `${c.id} ${c.title}`);

describe('organization B naming organization A through a sub-resource key or a match', () => {
  const only = ['--only', 'isolation.other-organization'];
  let runs: Promise<SuiteRun[]> | undefined;
  const all = (): Promise<SuiteRun[]> =>
    (runs ??= inPool([undefined, ...LEAKS.map(([f]) => f)], DEFAULT_CONCURRENCY, (fault) =>
      runSuite(fault === undefined ? only : [...only, '--fault', fault], { inProcess: true }),
    ));

  it('the reference passes every check of the sweep and the match', async () => {
    const [clean] = await all();
    const passed = clean!.checks.filter((c) => c.status === 'passed').map((c) => c.title);
    for (const [, endpoint] of LEAKS)
      expect(
        passed.some((t) => t.startsWith(endpoint)),
        endpoint,
      ).toBe(true);
    expect(failed(clean!)).toEqual([]);
  }, 600_000);

  for (const [i, [fault, endpoint]] of LEAKS.entries()) {
    it(`${fault}: fails the check of ${endpoint.split(':')[0]} alone`, async () => {
      const run = (await all())[i + 1]!;
      const f = failed(run);
      expect(f).toHaveLength(1);
      expect(f[0]).toContain(`isolation.other-organization ${endpoint}`);
    }, 600_000);
  }
});

describe('a custom object api_name the workspace does not have, before a real record id', () => {
  const TYPED = [
    'PATCH /{custom_object_api_name}/{record_id}',
    'DELETE /{custom_object_api_name}/{record_id}',
    'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}',
  ];

  it('the sweep goes over every operation naming a record under a custom-object api_name', () => {
    expect(
      Object.entries(OPERATIONS)
        .filter(([e, row]) => isTypedRecordPath(e, row))
        .map(([e]) => e),
    ).toEqual(TYPED);
    expect(() => unknownTypeChecks(OPERATIONS, {})).toThrow(`${TYPED[0]} has no case in UNKNOWN_TYPES`);
  });

  it('custom-record-found-under-any-type fails each of them, under custom-object.unknown-type alone', async () => {
    const only = ['--only', 'custom-object.unknown-type'];
    const [clean, faulted] = await inPool([[], ['--fault', 'custom-record-found-under-any-type']], 2, (extra) =>
      runSuite([...only, ...extra], { inProcess: true }),
    );
    expect(failed(clean!)).toEqual([]);
    const f = failed(faulted!);
    expect(f.map((t) => TYPED.find((e) => t.startsWith(`custom-object.unknown-type ${e}:`)))).toEqual(TYPED);
  }, 600_000);
});
