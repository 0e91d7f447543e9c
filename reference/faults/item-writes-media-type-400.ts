import { defineFault } from './define.js';
import { mapErrors, recoded } from './kit.js';

/** The writes that are not attribute writes: the phone-item PATCH and the relationship POSTs. */
const ITEM_WRITES = [
  /^\/contact\/[^/]+\/attribute\/contact_phone_numbers\/[^/]+$/,
  /^\/[^/]+\/[^/]+\/relationship\/[^/]+$/,
];

/**
 * The phone-item PATCH and the relationship POSTs validate the body's shape before its media type: a
 * body of another type is refused 400 field_value_invalid, neither 415 nor a failed validation. The
 * contact create and patch, which the suite checked alone before, still answer 415.
 */
export default defineFault({
  id: 'item-writes-media-type-400',
  breaks: ['media.unsupported-type-415'],
  description:
    'the phone-item PATCH and the relationship POSTs refuse a body of another media type with 400 field_value_invalid instead of 415',
  apply(state) {
    mapErrors(state, (error, reply, request) => {
      if (error.code !== 'unsupported_media_type' || !ITEM_WRITES.some((p) => p.test(request.path))) return undefined;
      return { ...recoded({ ...error, status_code: 400 }, reply, 'field_value_invalid'), status: 400 };
    });
  },
});
