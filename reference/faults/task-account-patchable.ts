import { defineFault } from './define.js';
import { bodyAttributes, isObj, withAttributes, wrapRoute, type Json } from './kit.js';

const RELATIONSHIPS = ['account_id', 'pipeline_id'];

/**
 * A task patch takes account_id and pipeline_id: answered 2xx, and the task then shows them (an
 * ignored relationship is legal: "not patchable" is broken only where the value is stored).
 */
export default defineFault({
  id: 'task-account-patchable',
  breaks: ['task.patch.relationships-not-patchable'],
  description: 'PATCH /task/{id} takes account_id and pipeline_id: answered 200, and the task answered shows them',
  apply(state) {
    wrapRoute(state, 'PATCH', '/task/:task_id', (inner) => async (ctx) => {
      const attributes = bodyAttributes(ctx);
      const taken = RELATIONSHIPS.filter((k) => attributes !== undefined && typeof attributes[k] === 'string');
      if (!attributes || taken.length === 0) return inner(ctx);
      const rest = Object.fromEntries(Object.entries(attributes).filter(([k]) => !RELATIONSHIPS.includes(k)));
      const record = ctx.store.get(ctx.org.id, 'task', ctx.params['task_id'] ?? '');
      const kept = Object.keys(rest).length > 0 ? rest : { disposition: record?.attrs['disposition'] ?? null };
      const reply = await inner(withAttributes(ctx, kept));
      const body = reply.body;
      const data = isObj(body) ? body['data'] : undefined;
      if (reply.status >= 400 || !isObj(body) || !isObj(data) || !isObj(data['attributes'])) return reply;
      const shown: Json = { ...data['attributes'] };
      for (const k of taken) shown[k] = { value: attributes[k], value_type: 'uuid' };
      return { ...reply, body: { ...body, data: { ...data, attributes: shown } } };
    });
  },
});
