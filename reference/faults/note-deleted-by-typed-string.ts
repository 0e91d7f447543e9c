import { defineFault } from './define.js';
import { mapTypedValues } from './kit.js';

const UUID_TYPED = ['created_by_user_id', 'updated_by_user_id', 'deleted_by_user_id'];

/** A note's *_by_user_id values typed "string" instead of "uuid". */
export default defineFault({
  id: 'note-deleted-by-typed-string',
  breaks: ['record.note.attributes'],
  description:
    "a note's created_by_user_id, updated_by_user_id and deleted_by_user_id have value_type string instead of uuid",
  apply(state) {
    mapTypedValues(state, (tv, name, record) => {
      if (record['record_type'] === 'note' && UUID_TYPED.includes(name)) tv.value_type = 'string';
    });
  },
});
