import type { Fixtures } from '../../fixtures/fixtures-file.js';
import { draftFixtures, type Answer } from './draft.js';
import { listsNoCustomObject, otherOrgCustomObjectIn } from './custom-objects.js';

const SUMMARY = "GET /_organization_schema_summary (with organization B's key)";

/**
 * Organization B's own values (`otherOrg`), from its own discovery answers read with
 * --other-org-api-key: the other organization is another workspace, with its own stages, required
 * fields and custom objects. Lines name what was found and what was not, prefixed `otherOrg.`.
 * `own.summary`: B's schema summary, for its own custom object (another than organization A's,
 * `own.organizationA`, where it lists one).
 */
export function otherOrgDraft(
  baseUrl: string,
  contactSchema: Answer,
  opportunitySchema: Answer,
  own?: { summary: Answer; organizationA: string | undefined },
): { otherOrg?: NonNullable<Fixtures['otherOrg']>; found: string[]; notRead: string[] } {
  const skipped: Answer = { problem: 'not read for organization B' };
  const b = draftFixtures(baseUrl, { contactSchema, opportunitySchema, accountSchema: skipped, summary: skipped });
  const relevant = (line: string) => /^(contact\.(stage|createAttributes)|opportunity\.stageId)\b/.test(line);
  const found = b.found.filter(relevant).map((l) => `otherOrg.${l}`);
  const notRead = b.notRead.filter(relevant).map((l) => `otherOrg.${l}`);
  const otherOrg: NonNullable<Fixtures['otherOrg']> = {};
  const stage = b.fixtures.contact?.stage;
  const createAttributes = b.fixtures.contact?.createAttributes;
  if (stage !== undefined) {
    otherOrg.contact = { stage, ...(createAttributes !== undefined ? { createAttributes } : {}) };
  }
  const stageId = b.fixtures.opportunity?.stageId;
  if (stageId !== undefined) otherOrg.opportunity = { stageId };
  if (own !== undefined) {
    const key = 'otherOrg.customObject.apiName';
    const apiName = 'json' in own.summary ? otherOrgCustomObjectIn(own.summary.json, own.organizationA) : undefined;
    if (apiName !== undefined) {
      otherOrg.customObject = { apiName };
      found.push(`${key} = ${JSON.stringify(apiName)} ← ${SUMMARY}`);
    } else if ('json' in own.summary && listsNoCustomObject(own.summary.json))
      found.push(`${key}: left out; ${SUMMARY} lists no custom object (the checks that need one are not applicable)`);
    else
      notRead.push(
        'problem' in own.summary
          ? `${key} (${SUMMARY}): ${own.summary.problem}`
          : `${key}: ${SUMMARY} answered, but no api_name starting with cus_obj__ was recognised in it`,
      );
  }
  return { ...(Object.keys(otherOrg).length > 0 ? { otherOrg } : {}), found, notRead };
}
