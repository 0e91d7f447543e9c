import { customObjectOf } from '../attributes/index.js';
import { defineFault } from './define.js';
import { onRequest } from './kit.js';

const TYPED_RECORD = /^\/(cus_obj__[^/]+)\/([0-9a-f-]{36})(\/relationship\/[^/]+)?$/i;

/**
 * The custom-object routes that name a record find it by its id alone: an api_name in the path that
 * names no custom object is ignored, and the record of whatever custom object is read, patched or
 * archived (the path is taken as the record's own type's before anything else looks at it).
 */
export default defineFault({
  id: 'custom-record-found-under-any-type',
  breaks: ['custom-object.unknown-type'],
  description:
    'PATCH, DELETE and the relationship read of /{custom_object_api_name}/{record_id} find the record by its id under any api_name, one no custom object has included',
  apply(state) {
    onRequest(state, (_req, info) => {
      const m = TYPED_RECORD.exec(info.path);
      if (!m || (info.method === 'GET' && m[3] === undefined)) return;
      const [, type = '', id = '', rest = ''] = m;
      for (const org of state.store.orgs.values()) {
        const found = state.store.find(org.id, id);
        if (found && found.type !== type && found.type.startsWith('cus_obj__') && !customObjectOf(org, type))
          info.path = `/${found.type}/${id}${rest}`;
      }
    });
  },
});
