import { defineFault } from './define.js';
import { isObj, mapRecords } from './kit.js';

/**
 * A custom-object record carries its id in the envelope only, not among its attributes, though the
 * spec states the record as "Envelope plus attributes: id (uuid), created_at, updated_at (timestamp),
 * display_name (string)": listed attributes were judged only when present.
 */
export default defineFault({
  id: 'custom-record-no-id-attribute',
  breaks: ['record.custom-object.attributes'],
  description: 'custom-object records answer without the id attribute (the envelope id is still there)',
  apply(state) {
    mapRecords(state, (record) => {
      const type = record['record_type'];
      if (typeof type === 'string' && type.startsWith('cus_obj__') && isObj(record['attributes']))
        delete record['attributes']['id'];
    });
  },
});
