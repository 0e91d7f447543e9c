import { deriveDisplayName } from '../routes/contacts.js';
import { defineFault } from './define.js';
import { bodyAttributes, rerender, storedOf, wrapRoute } from './kit.js';

/**
 * A contact patch is applied to the contact as it was created (a stale copy kept at create), not
 * as it is: attributes an earlier patch changed, and this one does not send, go back to their
 * created values. One patch after a create shows nothing wrong; only a second patch does.
 */
export default defineFault({
  id: 'contact-patch-from-created',
  breaks: ['generated.model-sequence'],
  description:
    'PATCH /contact/{id} applies to the contact as created: what an earlier patch changed, and this one does not send, reverts',
  apply(state) {
    const created = new Map<string, Record<string, unknown>>();
    const patched = new Map<string, Set<string>>();
    wrapRoute(state, 'POST', '/contact', (inner) => async (ctx) => {
      const reply = await inner(ctx);
      const record = storedOf(ctx, reply);
      if (record && reply.status < 300) created.set(record.id, structuredClone(record.attrs));
      return reply;
    });
    wrapRoute(state, 'PATCH', '/contact/:contact_id', (inner) => async (ctx) => {
      const sent = Object.keys(bodyAttributes(ctx) ?? {});
      const reply = await inner(ctx);
      const record = storedOf(ctx, reply);
      const original = record ? created.get(record.id) : undefined;
      if (!record || !original || reply.status >= 300) return reply;
      const before = patched.get(record.id) ?? new Set<string>();
      for (const name of before) if (!sent.includes(name)) record.attrs[name] = structuredClone(original[name]);
      patched.set(record.id, new Set([...before, ...sent]));
      deriveDisplayName(record);
      return rerender(ctx, reply, record);
    });
  },
});
