import type { CheckContext } from '../check/context.js';
import { contactCreateBody, type ContactCreateAttributes } from '../../builders/contact.js';
import { setupRecord, type OrgKey } from './record.js';
import { type ApiRecord } from '../check/record.js';

/** The contact stage the workspace accepts on create (fixtures `contact.stage`). */
export function contactStage(c: CheckContext): string {
  return c.need(c.fixtures.contact?.stage, 'contact.stage');
}

/**
 * The attributes the workspace requires on contact create beyond the spec's own (fixtures
 * `contact.createAttributes`, sent as given), plus the free-text ones GET /_schema/contact marked
 * `is_required_on_create` that the fixtures check filled with a tagged value. Organization B is
 * another workspace: its own are `otherOrg.contact.createAttributes`.
 */
export function requiredCreateAttributes(c: CheckContext, org: OrgKey = 'apiKey'): Record<string, unknown> {
  if (org === 'otherOrgApiKey')
    return { ...c.target.preflight?.contactRequiredOther?.filled, ...c.fixtures.otherOrg?.contact?.createAttributes };
  return { ...c.target.preflight?.contactRequired?.filled, ...c.fixtures.contact?.createAttributes };
}

/** Creates a contact this check owns; a failed create blocks the check (the create has its own checks). */
export async function createContact(
  c: CheckContext,
  attributes: ContactCreateAttributes = {},
  auth: OrgKey = 'apiKey',
): Promise<ApiRecord> {
  const stage = auth === 'otherOrgApiKey' ? (c.fixtures.otherOrg?.contact?.stage ?? contactStage(c)) : contactStage(c);
  const body = contactCreateBody(c.faker, {
    stage,
    runId: c.runId,
    required: requiredCreateAttributes(c, auth),
    attributes,
  });
  return setupRecord(c, await c.api.post('/contact', body, { auth }), 'POST /contact');
}

/**
 * A contact of the run that checks only read (envelope, typed values, media type, the keys that may
 * read it): made once per run (a run-scoped set-up, lib/runner/run-setups.ts). A contact cannot be
 * archived through the API, so each check that shares it leaves one record fewer on the server.
 * A check that writes a contact, or compares a read with what it sent, makes its own.
 */
export function contactToRead(c: CheckContext): Promise<ApiRecord> {
  return c.shared('contacts: a contact the checks only read', (s) => createContact(s));
}

/** Reads a contact back; a read that fails is a deviation of the check's own rule (the effect cannot be seen). */
export async function readContact(c: CheckContext, id: string): Promise<ApiRecord> {
  return c
    .expect(await c.api.get(`/contact/${id}`))
    .success()
    .data();
}

/**
 * The contact the run's hostile and refused patches are sent to: one per run (a run-scoped set-up). A
 * patch a server wrongly takes changes it, so no check judges its content beyond what its own patch
 * wrote (the answer to that patch, or a read right after it of what no other probe writes).
 */
export function contactForProbes(c: CheckContext): Promise<ApiRecord> {
  return c.shared('contacts: the contact hostile and refused patches are sent to', (s) => createContact(s));
}
