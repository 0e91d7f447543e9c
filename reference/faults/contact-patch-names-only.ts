import { defineFault } from './define.js';
import { bodyAttributes, withAttributes, wrapRoute } from './kit.js';

/** The standard field a contact patch drops without a word: the one it names beyond names and title. */
const DROPPED = ['primary_email'];

/** A contact patch applies the names, title and stage, and silently drops primary_email. */
export default defineFault({
  id: 'contact-patch-names-only',
  breaks: ['contact.patch.partial'],
  description: 'a contact patch applies the names, title and stage and answers 2xx, silently dropping primary_email',
  apply(state) {
    wrapRoute(state, 'PATCH', '/contact/:contact_id', (inner) => (ctx) => {
      const attributes = bodyAttributes(ctx);
      if (!attributes) return inner(ctx);
      return inner(
        withAttributes(ctx, Object.fromEntries(Object.entries(attributes).filter(([k]) => !DROPPED.includes(k)))),
      );
    });
  },
});
