import type { Level, Rule } from '../../../lib/catalogue/rule.js';
import { duplicateIds } from '../../../lib/catalogue/duplicate-ids.js';
import { RECORD_RULES } from './catalogue/records.js';
import { WRITE_RULES } from './catalogue/writes.js';
import { CONTACT_RULES } from './catalogue/contacts.js';
import { ACCOUNT_RULES, OPPORTUNITY_RULES } from './catalogue/accounts-opportunities.js';
import { TASK_RULES, NOTE_MEETING_RULES } from './catalogue/tasks-notes-meetings.js';
import { CUSTOM_OBJECT_RULES } from './catalogue/custom-objects.js';
import { DISCOVERY_RULES } from './catalogue/discovery.js';
import { AUTH_RULES, ERROR_RULES, MEDIA_RULES } from './catalogue/auth-errors-media.js';
import { HTTP_RULES } from './catalogue/http.js';
import { GENERATED_RULES } from './catalogue/generated.js';
import { ERROR_CODE_RULES } from './catalogue/error-codes.js';
import { VERSIONING_RULES } from './catalogue/versioning.js';

/**
 * The rule catalogue: every behaviour of the spec a server can break, by stable id.
 * Ids are `<area>.<subject>.<slug>`; an id is never reused for another meaning.
 * The parts live in ./catalogue/ by area; this is the one table checks and reports read.
 */
export const RULES = {
  ...RECORD_RULES,
  ...WRITE_RULES,
  ...CONTACT_RULES,
  ...ACCOUNT_RULES,
  ...OPPORTUNITY_RULES,
  ...TASK_RULES,
  ...NOTE_MEETING_RULES,
  ...CUSTOM_OBJECT_RULES,
  ...DISCOVERY_RULES,
  ...AUTH_RULES,
  ...ERROR_RULES,
  ...MEDIA_RULES,
  ...HTTP_RULES,
  ...GENERATED_RULES,
  ...ERROR_CODE_RULES,
  ...VERSIONING_RULES,
} as const satisfies Record<string, Rule>;

// A spread lets a later part override an earlier id without a word: a duplicate is an error instead.
const CATALOGUE_PARTS = [
  RECORD_RULES,
  WRITE_RULES,
  CONTACT_RULES,
  ACCOUNT_RULES,
  OPPORTUNITY_RULES,
  TASK_RULES,
  NOTE_MEETING_RULES,
  CUSTOM_OBJECT_RULES,
  DISCOVERY_RULES,
  AUTH_RULES,
  ERROR_RULES,
  MEDIA_RULES,
  HTTP_RULES,
  GENERATED_RULES,
  ERROR_CODE_RULES,
  VERSIONING_RULES,
];
const duplicates = duplicateIds(CATALOGUE_PARTS);
if (duplicates.length > 0) throw new Error(`rule catalogue: ${duplicates.join(', ')} defined twice`);

export type RuleId = keyof typeof RULES;

export function isRuleId(id: string): id is RuleId {
  return Object.hasOwn(RULES, id);
}

export function ruleOf(id: RuleId): Rule {
  return RULES[id];
}

export function levelOf(id: RuleId): Level {
  return RULES[id].level;
}
