import type { Exchange } from '../../lib/http/exchange.js';
import { erroredFields } from './errored-fields.js';
import { answerOf } from '../../lib/check/answer.js';
import { KEY_LABELS } from '../../lib/redact/redact.js';
import type { BlockedBy } from '../../lib/check/outcome.js';

/** The contact create attributes the spec names; any other required one is the workspace's own. */
export const SPEC_CONTACT_FIELDS = new Set([
  'first_name',
  'last_name',
  'middle_name',
  'title',
  'primary_email',
  'stage',
]);

/** The create attributes the spec names, per type with a stated create; any other required one is the workspace's. */
export const SPEC_CREATE_FIELDS = {
  contact: SPEC_CONTACT_FIELDS,
  account: new Set(['display_name']),
  opportunity: new Set(['display_name', 'stage', 'account_id']),
} as const;

export type CreatedType = keyof typeof SPEC_CREATE_FIELDS;

/** The attributes a create of each type must carry for the suite to judge it: contact's stage, account's name. */
const SENT_FIRST: Record<CreatedType, string> = { contact: 'stage', account: 'display_name', opportunity: 'stage' };

/**
 * "A workspace may configure additional required create fields." A create (contact, account,
 * opportunity) that carried what the spec names and was refused for a field the spec does not name
 * (field_required_missing, or a validation error pointing at it) was refused for a fact of the user's
 * workspace the suite was not told: the check could not test its rule, and
 * `<type>.createAttributes.<field>` is what would let it.
 */
export function workspaceRequiredBlock(ex: Exchange, step?: string): BlockedBy | undefined {
  const s = ex.response?.status;
  if (ex.request.method !== 'POST') return undefined;
  const type = /\/(contact|account|opportunity)$/.exec(new URL(ex.request.url).pathname)?.[1] as
    CreatedType | undefined;
  if (type === undefined || s === undefined || s < 400 || s > 499) return undefined;
  const code = (ex.response?.json as { code?: unknown } | undefined)?.code;
  if (code !== 'field_required_missing' && code !== 'request_validation_failed') return undefined;
  const sent = attributesSent(ex);
  if (sent === undefined || !(SENT_FIRST[type] in sent)) return undefined;
  const stated: ReadonlySet<string> = SPEC_CREATE_FIELDS[type];
  const field = erroredFields(ex.response?.json).find((f) => !stated.has(f) && !(f in sent));
  if (field === undefined) return undefined;
  // organization B is another workspace, with required fields of its own (the exchange holds the key's label)
  const other = (ex.request.headers['authorization'] ?? '').includes(KEY_LABELS.otherOrgApiKey);
  const key = `${other ? 'otherOrg.' : ''}${type}.createAttributes.${field}`;
  return {
    step: step ?? `POST /${type}`,
    answer: `${answerOf(ex)}: the workspace requires ${field} on create`,
    fixture: key,
  };
}

function attributesSent(ex: Exchange): Record<string, unknown> | undefined {
  if (ex.request.body === undefined) return undefined;
  try {
    const body = JSON.parse(ex.request.body) as { attributes?: unknown };
    return body.attributes !== null && typeof body.attributes === 'object'
      ? (body.attributes as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
