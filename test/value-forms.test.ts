import { describe, expect, it } from 'vitest';
import { runSuite, type SuiteRun } from './verify/detect.js';

/**
 * The write forms of a value (issue 39, area 5): every write with attributes raw and enveloped, null
 * on the task patch and the upsert, an upsert's match missing its value, and a match value of each
 * JSON type. The reference passes them, a legal variation of how strings are stored passes them, and
 * a server breaking one form on one operation fails that check and no other.
 */
const ONLY = [
  '--only',
  'write.raw-value,write.enveloped-value,write.null,custom-object.upsert.match-any-value,custom-object.upsert.missing-match-key',
];

const failed = (run: SuiteRun) => run.checks.filter((c) => c.status === 'failed').map((c) => `${c.id}: ${c.title}`);

describe('the write forms of a value', () => {
  it('pass the reference, with every form checked', async () => {
    const run = await runSuite(ONLY, { inProcess: true });
    expect(failed(run)).toEqual([]);
    const titles = run.checks.filter((c) => c.status === 'passed').map((c) => c.title);
    expect(titles).toContain(
      'PATCH /contact/{contact_id} takes the attributes the spec states as { value_type, value }, read back as written',
    );
    expect(titles).toContain('an upsert whose match has no value is rejected as missing_match_key');
    expect(titles.filter((t) => t.startsWith('an upsert whose match value is'))).toHaveLength(3);
    expect(run.code).toBe(0);
  }, 120_000);

  it('pass a server that caps names at 40 characters (a legal variation)', async () => {
    const run = await runSuite([...ONLY, '--variation', 'names-capped-40'], { inProcess: true });
    expect(failed(run)).toEqual([]);
    expect(run.code).toBe(0);
  }, 120_000);

  it('fail the upsert enveloped alone where the upsert refuses enveloped plain values', async () => {
    const run = await runSuite([...ONLY, '--fault', 'upsert-enveloped-value-refused'], { inProcess: true });
    expect(failed(run)).toEqual([
      "write.enveloped-value: POST /{custom_object_api_name}/_upsert takes the workspace's attributes as { value_type, value }, read back as written",
    ]);
  }, 120_000);

  it('fail the match value checks alone where a match value that is not a string crashes the upsert', async () => {
    const run = await runSuite([...ONLY, '--fault', 'upsert-match-value-typed-500'], { inProcess: true });
    expect(failed(run).sort()).toEqual(
      ['a number', 'an array', 'an object'].map(
        (t) =>
          `custom-object.upsert.match-any-value: an upsert whose match value is ${t} is answered { data, meta: { matched_on } } or refused with the error body`,
      ),
    );
  }, 120_000);
});
