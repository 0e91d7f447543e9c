import type { Fixtures } from '../../fixtures/fixtures-file.js';
import { draftFixtures, type Answer } from './draft.js';

/**
 * Organization B's own values (`otherOrg`), from its own discovery answers read with
 * --other-org-api-key: the other organization is another workspace, with its own stages and
 * required fields. Lines name what was found and what was not, prefixed `otherOrg.`.
 */
export function otherOrgDraft(
  baseUrl: string,
  contactSchema: Answer,
  opportunitySchema: Answer,
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
  return { ...(Object.keys(otherOrg).length > 0 ? { otherOrg } : {}), found, notRead };
}
