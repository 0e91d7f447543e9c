import { defineFault } from './define.js';
import { restore, snapshot, wrapRoute } from './kit.js';
import { apiError } from '../errors.js';
import type { Store } from '../store.js';

/**
 * The upsert's write fails: the handler runs in full (validation and lookup first, so invalid
 * upserts keep their 4xx), but a valid one, which it would answer 2xx, is answered 500 with the
 * error body and leaves nothing behind (its insert goes to a scratch store, an update is undone),
 * as when the database refuses the write. The custom-object upsert is the set-up step of many
 * checks, so this proves they are blocked, not failed.
 */
export default defineFault({
  id: 'upsert-write-fails',
  breaks: ['custom-object.upsert.creates'],
  description: 'every valid custom-object upsert answers 500 (the database write fails) and stores nothing',
  apply(state) {
    wrapRoute(state, 'POST', '/:custom_object_api_name/_upsert', (inner) => async (ctx) => {
      const type = ctx.params['custom_object_api_name'] ?? '';
      const before = ctx.store.list(ctx.org.id, type).map((record) => [record, snapshot(record)] as const);
      const scratch = Object.create(ctx.store) as Store;
      scratch.insert = (record) => record;
      const reply = await inner({ ...ctx, store: scratch });
      if (reply.status < 200 || reply.status > 299) return reply;
      for (const [record, snap] of before) restore(record, snap);
      throw apiError(500, 'write_not_supported', 'Internal error: the record could not be written', null);
    });
  },
});
