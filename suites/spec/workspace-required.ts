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

/**
 * "A workspace may configure additional required create fields." A contact create that carried a
 * stage and was refused for a field the spec does not name (field_required_missing, or a validation
 * error pointing at it) was refused for a fact of the user's workspace the suite was not told: the
 * check could not test its rule, and `contact.createAttributes.<field>` is what would let it.
 */
export function workspaceRequiredBlock(ex: Exchange, step = 'POST /contact'): BlockedBy | undefined {
  const s = ex.response?.status;
  // a contact create only: an opportunity create carries a stage too, but its required fields are no contact's
  if (ex.request.method !== 'POST' || !/\/contact$/.test(new URL(ex.request.url).pathname)) return undefined;
  if (s === undefined || s < 400 || s > 499) return undefined;
  const code = (ex.response?.json as { code?: unknown } | undefined)?.code;
  if (code !== 'field_required_missing' && code !== 'request_validation_failed') return undefined;
  const sent = attributesSent(ex);
  if (sent === undefined || !('stage' in sent)) return undefined;
  const field = erroredFields(ex.response?.json).find((f) => !SPEC_CONTACT_FIELDS.has(f) && !(f in sent));
  if (field === undefined) return undefined;
  // organization B is another workspace, with required fields of its own (the exchange holds the key's label)
  const other = (ex.request.headers['authorization'] ?? '').includes(KEY_LABELS.otherOrgApiKey);
  const key = other ? `otherOrg.contact.createAttributes.${field}` : `contact.createAttributes.${field}`;
  return { step, answer: `${answerOf(ex)}: the workspace requires ${field} on create`, fixture: key };
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
