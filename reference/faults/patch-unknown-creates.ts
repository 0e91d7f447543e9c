import { randomUUID } from 'node:crypto';
import { deriveDisplayName } from '../routes/contacts.js';
import { newRecord, parseAttributes, attributesOfBody } from '../write.js';
import { recordReply } from '../routes/common.js';
import type { Context } from '../context.js';
import type { Handler } from '../router.js';
import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';

/** A PATCH of an id no record has creates the record under that id (a PUT-like upsert). */
function createUnder(type: (ctx: Context) => string, idParam: string): (inner: Handler) => Handler {
  return (inner) => (ctx) => {
    const id = ctx.params[idParam] ?? randomUUID();
    // only an id no organization has: another organization's record answers as it always does
    if ([...ctx.store.orgs.keys()].some((org) => ctx.store.find(org, id))) return inner(ctx);
    const parsed = parseAttributes(ctx, type(ctx), attributesOfBody(ctx.body), 'update');
    const record = { ...newRecord(ctx, type(ctx), parsed), id };
    if (record.type === 'contact') deriveDisplayName(record);
    ctx.store.insert(record);
    return recordReply(ctx, record, 201);
  };
}

export default defineFault({
  id: 'patch-unknown-creates',
  breaks: ['error.record-not-found'],
  description: 'a PATCH of a contact or custom-object record id that names no record creates it under that id (201)',
  apply(state) {
    wrapRoute(
      state,
      'PATCH',
      '/contact/:contact_id',
      createUnder(() => 'contact', 'contact_id'),
    );
    wrapRoute(
      state,
      'PATCH',
      '/:custom_object_api_name/:record_id',
      createUnder((ctx) => ctx.params['custom_object_api_name'] ?? '', 'record_id'),
    );
  },
});
