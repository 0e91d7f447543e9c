import { describe, expect, it } from 'vitest';
import { loadChecks } from '../lib/check/registry.js';
import { SUITE_FILES } from '../suites/index.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';
import { OPERATIONS } from '../suites/spec/operations.js';
import { withAttributes } from '../suites/spec/operation-row.js';
import { STATED_ATTRIBUTES, WRITE_FORMS } from '../suites/spec/write-attributes.js';

const RULE_OF_FORM = { raw: 'write.raw-value', enveloped: 'write.enveloped-value' } as const;

/**
 * Every write the operation table gives a body with attributes is tried in each stated write form:
 * the table of stated attributes has a row for each such write, and each form of each write has a
 * check of its rule on that write (sent by write-forms.checks.ts, or a check of another file).
 */
describe('the write forms over the operation table', () => {
  it('states the attributes of every write whose body carries attributes, and of no other', () => {
    expect(Object.keys(STATED_ATTRIBUTES).sort()).toEqual(withAttributes(OPERATIONS).sort());
  });

  it('tries every such write in every form, under the form rule', async () => {
    const all = await loadChecks(SUITE_FILES, CATALOGUE);
    const missing = withAttributes(OPERATIONS).flatMap((endpoint) =>
      WRITE_FORMS.filter((form) => !all.some((d) => d.rule === RULE_OF_FORM[form] && d.endpoint === endpoint)).map(
        (form) => `${endpoint} ${form}`,
      ),
    );
    expect(missing).toEqual([]);
  });
});
