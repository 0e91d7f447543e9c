import { describe, expect, it } from 'vitest';
import { runSuite, type SuiteRun } from './verify/detect.js';

/**
 * ambiguous_match is asserted on every operation that takes a match, only once the same run has proven
 * its precondition there: a related_record_match alone linked the one account (contact POST) or contact
 * (opportunity POST) it names, and a second record of that name was made; an upsert of a match value
 * alone answered the one record holding it, and a patch gave a second record that value. Where the
 * server's legal choices leave it unproven (names or match values held unique; the match alone
 * refused) the rule is not applicable, with the answers that prove it; never a pass, never a failure.
 */
const ONLY = ['--only', 'error.code.ambiguous-match'];

const ambiguous = (run: SuiteRun, on = 'POST /contact/') =>
  run.checks.filter((c) => c.id === 'error.code.ambiguous-match' && c.title.startsWith(on));

describe('error.code.ambiguous-match', () => {
  it('passes on the reference, which proved each precondition and answered ambiguous_match', async () => {
    const run = await runSuite(ONLY, { inProcess: true });
    expect(ambiguous(run, '').map((c) => c.status)).toEqual(['passed', 'passed', 'passed']);
    expect(run.code).toBe(0);
  }, 120_000);

  it.each([
    ['opportunity-ambiguous-match-links-first', 'POST /opportunity/'],
    ['upsert-ambiguous-updates-first', 'POST /{custom_object_api_name}/_upsert'],
  ])(
    'fails a server with %s on that operation alone',
    async (fault, on) => {
      const run = await runSuite([...ONLY, '--fault', fault], { inProcess: true });
      expect(
        ambiguous(run, '')
          .filter((c) => c.status === 'failed')
          .map((c) => c.title.slice(0, on.length)),
      ).toEqual([on]);
      expect(run.code).toBe(1);
    },
    120_000,
  );

  it('is not applicable on the upsert, with the refused patch as proof, where match values are unique', async () => {
    const run = await runSuite([...ONLY, '--variation', 'match-value-unique'], { inProcess: true });
    const [c] = ambiguous(run, 'POST /{custom_object_api_name}/_upsert') as Array<{ status: string; message: string }>;
    expect(c?.status).toBe('not applicable');
    expect(c?.message).toContain('HTTP 409 (conflict)');
    expect(run.code).toBe(0);
  }, 120_000);

  it('fails a server that links the first of two matched accounts once a match alone linked one', async () => {
    const run = await runSuite([...ONLY, '--fault', 'ambiguous-match-links-first'], { inProcess: true });
    const [c] = ambiguous(run);
    expect(c?.status).toBe('failed');
    expect(c?.message).toContain('expected a 4xx rejection with the error body; got HTTP 201');
    expect(run.code).toBe(1);
  }, 120_000);

  it('is not applicable, with the refused second account as proof, where account names are unique', async () => {
    const run = await runSuite([...ONLY, '--variation', 'account-name-unique'], { inProcess: true });
    const [c] = ambiguous(run) as Array<{ status: string; message: string }>;
    expect(c?.status).toBe('not applicable');
    expect(c?.message).toContain('HTTP 409 (conflict)');
    expect(run.code).toBe(0);
  }, 120_000);

  it('is not applicable where the match alone was not shown to link the account it names', async () => {
    // the fault breaks contact.relationship.post (the match alone answers 500): that rule's to judge
    const run = await runSuite([...ONLY, '--fault', 'match-only-500'], { inProcess: true });
    const [c] = ambiguous(run) as Array<{ status: string; message: string }>;
    expect(c?.status).toBe('not applicable');
    expect(c?.message).toContain('HTTP 500');
  }, 120_000);
});
