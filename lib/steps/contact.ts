import type { CheckContext } from '../check/context.js';
import { SetupFailure } from '../check/non-conformance.js';
import { contactCreateBody, type ContactCreateAttributes } from '../../fixtures/contact.js';
import { recordOf, type ApiRecord } from './record.js';

/** The contact stage the workspace accepts on create (fixtures `contact.stage`). */
export function contactStage(c: CheckContext): string {
  return c.need(c.fixtures.contact?.stage, 'contact.stage');
}

/** Creates a contact this check owns; a failed create blocks the check (the create has its own checks). */
export async function createContact(c: CheckContext, attributes: ContactCreateAttributes = {}, auth: 'apiKey' | 'otherOrgApiKey' = 'apiKey'): Promise<ApiRecord> {
  const body = contactCreateBody(c.faker, { stage: contactStage(c), runId: c.runId, attributes });
  const ex = await c.api.post('/contact', body, { auth });
  c.setup(ex, 'POST /contact');
  const record = recordOf(ex.response?.json);
  if (!record) throw new SetupFailure('blocked: POST /contact answered 2xx without { data: record }; see contact.create checks', ex);
  return record;
}

/** Reads a contact back; a read that fails is a deviation of the check's own rule (the effect cannot be seen). */
export async function readContact(c: CheckContext, id: string): Promise<ApiRecord> {
  return c.expect(await c.api.get(`/contact/${id}`)).success().data();
}
