import type { CheckContext } from '../../lib/check/context.js';
import { requiredValues } from '../../fixtures/builders/required-value.js';
import type { CreatedType } from '../spec/workspace-required.js';
import { createAttributesKey, givenCreateAttributes } from '../../fixtures/fixtures-file.js';
import type { OrgKey } from './record.js';

/**
 * What every create of `type` sends beyond what the spec names, for the workspace of `org`
 * ("A workspace may configure additional required create fields"): the values the fixtures give
 * (`<type>.createAttributes`, `otherOrg.<type>.createAttributes`, sent as given) over fresh values of
 * the run's own for the other attributes the schema marks `is_required_on_create` (a value drawn for
 * each create: a domain or an email a server holds unique never meets another). A check's own
 * attributes are spread after these, so a check can still leave one out on purpose.
 */
export function requiredOnCreate(c: CheckContext, type: CreatedType, org: OrgKey = 'apiKey'): Record<string, unknown> {
  const fill = c.target.preflight?.requiredOnCreate?.[createAttributesKey(type, org)]?.fill ?? {};
  return { ...requiredValues(fill, c.faker, c.runId), ...givenCreateAttributes(c.fixtures, type, org) };
}
