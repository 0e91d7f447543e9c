import type { CheckContext } from '../../lib/check/context.js';
import type { Exchange } from '../../lib/http/exchange.js';
import {
  contactCreateBody,
  type AttributesBody,
  type ContactCreateAttributes,
} from '../../fixtures/builders/contact.js';
import { tagged } from '../../fixtures/builders/tag.js';
import { requiredOnCreate } from './required-on-create.js';
import { setupRecord, type OrgKey } from './record.js';
import { type ApiRecord } from '../spec/record.js';
import type { Sent } from './sent.js';

/** The contact stage the workspace accepts on create (fixtures `contact.stage`). */
export function contactStage(c: CheckContext): string {
  return c.need(c.fixtures.contact?.stage, 'contact.stage');
}

/**
 * The attributes the workspace requires on contact create beyond the spec's own (fixtures
 * `contact.createAttributes`, sent as given), plus those GET /_schema/contact marked
 * `is_required_on_create` that the run fills with a value of its own. Organization B is another
 * workspace: its own are `otherOrg.contact.createAttributes`.
 */
export function requiredCreateAttributes(c: CheckContext, org: OrgKey = 'apiKey'): Record<string, unknown> {
  return requiredOnCreate(c, 'contact', org);
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
 * The create of the run's contact that checks only read, sent once per run (a run-scoped set-up,
 * lib/runner/run-setups.ts) with every create attribute the spec names (first_name, last_name,
 * middle_name, title, primary_email, stage), and judged by each check that looks at a contact create
 * under its own rule: the status, the record, the envelope, the value types, the media type. The
 * answer is handed over whatever it is: the create's own checks judge it, and a check that needs the
 * contact blocks on a refusal (contactToRead).
 */
export function contactCreated(c: CheckContext): Promise<Sent<AttributesBody<ContactCreateAttributes>>> {
  return c.shared('contacts: the create of the contact the checks only read', async (s) => {
    const body = contactCreateBody(s.faker, {
      stage: contactStage(s),
      runId: s.runId,
      required: requiredCreateAttributes(s),
      attributes: { middle_name: s.faker.person.middleName() },
    });
    return { ex: await s.api.post('/contact', body), body };
  });
}

/**
 * A contact of the run that checks only read (envelope, typed values, media type, the keys that may
 * read it): the record of contactCreated. A contact cannot be archived through the API, so each check
 * that shares it leaves one record fewer on the server. A check that writes a contact, or compares a
 * read with what it sent, makes its own.
 */
export async function contactToRead(c: CheckContext): Promise<ApiRecord> {
  return setupRecord(c, (await contactCreated(c)).ex, 'POST /contact');
}

/** GET /contact/{contact_id} of the contact the checks only read: one read per run, judged by each check of a read. */
export function contactRead(c: CheckContext): Promise<Exchange> {
  return c.shared('contacts: a read of the contact the checks only read', async (s) =>
    s.api.get(`/contact/${(await contactToRead(s)).id}`),
  );
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

/**
 * A title patch of the contact for probes, sent once per run: the answer to a PATCH the checks of a
 * patched record's shape judge (envelope, record_type, organization). Only the answer is judged,
 * never what a later read shows (other probes patch that contact too).
 */
export function contactPatched(c: CheckContext): Promise<Sent<{ attributes: { title: string } }>> {
  return c.shared('contacts: a title patch of the contact for probes', async (s) => {
    const body = { attributes: { title: tagged(`Patched ${s.faker.string.alphanumeric(6)}`, s.runId) } };
    return { ex: await s.api.patch(`/contact/${(await contactForProbes(s)).id}`, body), body };
  });
}
