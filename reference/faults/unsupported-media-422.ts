import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** A body of another content type is refused 422 field_value_invalid: neither 415 nor a failed validation. */
export default defineFault({
  id: 'unsupported-media-422',
  breaks: ['media.unsupported-type-415', 'error.code.unsupported-media-type', 'media.text-plain-json-415'],
  description:
    'a body sent as a type other than application/json is refused 422 field_value_invalid instead of 415 unsupported_media_type',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'unsupported_media_type' || reply.status !== 415) return undefined;
      const details = { ...(error.details ?? {}), code: 'field_value_invalid' };
      return { ...reply, status: 422, body: { ...error, status_code: 422, code: 'field_value_invalid', details } };
    });
  },
});
