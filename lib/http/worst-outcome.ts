/**
 * What a write would do if the server took it, in words: `create a contact`, `archive a task`. Used
 * where a request is not sent (--read-only) to say what it would have risked.
 */
const OUTCOMES: ReadonlyArray<readonly [method: string, re: RegExp, what: string]> = [
  ['POST', /^\/contact\/?$/, 'create a contact'],
  ['POST', /^\/account\/?$/, 'create an account'],
  ['POST', /^\/opportunity\/?$/, 'create an opportunity'],
  ['POST', /^\/[^/]+\/_upsert\/?$/, 'create or change a custom-object record'],
  ['POST', /^\/[^/]+\/[^/]+\/relationship\//, 'link two records'],
  ['PATCH', /^\/contact\/[^/]+\/attribute\//, 'change a phone item'],
  ['PATCH', /^\/contact\//, 'change a contact'],
  ['PATCH', /^\/task\//, 'change a task'],
  ['PATCH', /^\/[^/]+\/[^/]+\/?$/, 'change a custom-object record'],
  ['DELETE', /^\/task\//, 'archive a task'],
  ['DELETE', /^\/(meeting|note|contact|opportunity)\//, 'remove a record'],
  ['DELETE', /^\/account\/[^/]+\/attribute\/domains\//, 'remove a domain of an account'],
  ['DELETE', /^\/account\//, 'archive an account'],
  ['DELETE', /^\/[^/]+\/[^/]+\/relationship\//, 'remove a relationship edge'],
  ['DELETE', /^\/[^/]+\/[^/]+\/?$/, 'archive a custom-object record'],
];

export function worstOutcome(method: string, path: string): string {
  const bare = path.split(/[?#]/)[0] ?? path;
  const m = method.toUpperCase();
  return OUTCOMES.find(([om, re]) => om === m && re.test(bare))?.[2] ?? 'change data';
}
