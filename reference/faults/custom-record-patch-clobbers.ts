import { attributesOf } from '../attributes/index.js';
import { defineFault } from './define.js';
import { bodyAttributes, rerender, storedOf, wrapRoute } from './kit.js';

/** A custom-object patch is a replace: writable attributes not sent are cleared. */
export default defineFault({
  id: 'custom-record-patch-clobbers',
  breaks: ['custom-object.patch.record'],
  description:
    'PATCH /{custom_object_api_name}/{record_id} replaces the record: writable attributes not in the body are cleared',
  apply(state) {
    wrapRoute(state, 'PATCH', '/:custom_object_api_name/:record_id', (inner) => async (ctx) => {
      const sent = Object.keys(bodyAttributes(ctx) ?? {});
      const reply = await inner(ctx);
      const record = storedOf(ctx, reply);
      if (!record || reply.status >= 300) return reply;
      for (const def of attributesOf(ctx.org, record.type, ctx.profile)) {
        if (def.access === 'rw' && !def.required && !sent.includes(def.name))
          record.attrs[def.name] = def.multi ? [] : null;
      }
      return rerender(ctx, reply, record);
    });
  },
});
