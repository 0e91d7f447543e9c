/**
 * Rule ids that are no longer rules. An id is never reused for another meaning, so each stays here
 * with why it went; a baseline entry naming one is reported as stale (remove it), not as an unknown id.
 */
export const RETIRED_RULES: Readonly<Record<string, string>> = {
  'media.not-acceptable-406':
    'RFC 9110 §12.5.1 lets an origin server either send 406 or disregard Accept: which it does is now an observation',
  'contact.create.stage-required-code':
    'the spec lists field_required_missing without saying it is the one code for a missing stage: the code is now an observation (the rejection stays a MUST rule, contact.create.stage-required)',
};

export function isRetiredRule(id: string): boolean {
  return Object.hasOwn(RETIRED_RULES, id);
}
