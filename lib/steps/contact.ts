import type { CheckContext } from '../check/context.js';
import { contactCreateBody, type ContactCreateAttributes } from '../../fixtures/contact.js';
import { setupRecord, type ApiRecord, type OrgKey } from './record.js';

/** The contact stage the workspace accepts on create (fixtures `contact.stage`). */
export function contactStage(c: CheckContext): string {
  return c.need(c.fixtures.contact?.stage, 'contact.stage');
}

/** Creates a contact this check owns; a failed create blocks the check (the create has its own checks). */
export async function createContact(c: CheckContext, attributes: ContactCreateAttributes = {}, auth: OrgKey = 'apiKey'): Promise<ApiRecord> {
  const body = contactCreateBody(c.faker, { stage: contactStage(c), runId: c.runId, attributes });
  return setupRecord(c, await c.api.post('/contact', body, { auth }), 'POST /contact');
}

/** Reads a contact back; a read that fails is a deviation of the check's own rule (the effect cannot be seen). */
export async function readContact(c: CheckContext, id: string): Promise<ApiRecord> {
  return c.expect(await c.api.get(`/contact/${id}`)).success().data();
}
