import { attributesOf } from '../attributes/index.js';
import { defineFault } from './define.js';
import { bodyAttributes, withAttributes, wrapRoute } from './kit.js';

/** The writes whose attributes go through another validation layer than the contact's. */
const WRITES: ReadonlyArray<readonly [method: string, pattern: string, type: string]> = [
  ['POST', '/account', 'account'],
  ['PATCH', '/task/:task_id', 'task'],
];

/**
 * The account create and the task patch drop attributes the record type does not have instead of
 * refusing them as unknown_field; the contact writes and the upsert, which the suite checked alone
 * before, still refuse them.
 */
export default defineFault({
  id: 'unknown-field-ignored-beyond-contacts',
  breaks: ['write.unknown-field'],
  description:
    'an account create or a task patch naming an attribute the record type does not have ignores it and answers 2xx',
  apply(state) {
    for (const [method, pattern, type] of WRITES) {
      wrapRoute(state, method, pattern, (inner) => (ctx) => {
        const attributes = bodyAttributes(ctx);
        if (!attributes) return inner(ctx);
        const known = new Set(attributesOf(ctx.org, type, ctx.profile).map((d) => d.name));
        const kept = Object.fromEntries(Object.entries(attributes).filter(([name]) => known.has(name)));
        // a patch left with nothing: answered as the task is (its disposition written back unchanged)
        if (Object.keys(kept).length === 0 && type === 'task') {
          const task = ctx.store.get(ctx.org.id, 'task', ctx.params['task_id'] ?? '');
          kept['disposition'] = task?.attrs['disposition'] ?? null;
        }
        return inner(withAttributes(ctx, kept));
      });
    }
  },
});
