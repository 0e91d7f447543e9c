import type { CheckContext } from '../../lib/check/context.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { contactCreateBody } from '../../fixtures/builders/contact.js';
import { tagged } from '../../fixtures/builders/tag.js';
import { contactForProbes, contactStage, requiredCreateAttributes } from './contact.js';

/**
 * Valid JSON sent as `text/plain`: the content type is the only thing wrong with the request. Each is
 * sent once per run (a run-scoped set-up, lib/runner/run-setups.ts) and judged by the check of its
 * status (media.text-plain-json-415) and the check of its code (error.code.unsupported-media-type).
 */

/** POST /contact with a valid create body as text/plain. */
export function plainTextCreate(c: CheckContext): Promise<Exchange> {
  return c.shared('media types: a contact create sent as text/plain', (s) =>
    s.api.send('POST', '/contact', {
      body: JSON.stringify(
        contactCreateBody(s.faker, { stage: contactStage(s), runId: s.runId, required: requiredCreateAttributes(s) }),
      ),
      contentType: 'text/plain',
    }),
  );
}

/**
 * PATCH of the contact for probes with a title of its own as text/plain, and that title: a read after
 * it must not show it (other probes patch that contact too, never with this title).
 */
export function plainTextPatch(c: CheckContext): Promise<{ ex: Exchange; title: string; contactId: string }> {
  return c.shared('media types: a contact patch sent as text/plain', async (s) => {
    const contact = await contactForProbes(s);
    const title = tagged(`Plain ${s.faker.string.alphanumeric(8)}`, s.runId);
    const ex = await s.api.send('PATCH', `/contact/${contact.id}`, {
      body: JSON.stringify({ attributes: { title } }),
      contentType: 'text/plain',
    });
    return { ex, title, contactId: contact.id };
  });
}
