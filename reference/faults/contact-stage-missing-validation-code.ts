import { defineFault } from './define.js';
import { bodyAttributes, wrapRoute } from './kit.js';
import { invalid } from '../errors.js';

/**
 * A contact create without stage is refused by the request-schema layer before the domain layer
 * sees it: 400 request_validation_failed (loc body.attributes.stage, type missing) instead of
 * field_required_missing. Still a rejection with a valid error body; only the code differs.
 */
export default defineFault({
  id: 'contact-stage-missing-validation-code',
  breaks: ['contact.create.stage-required-code'],
  description: 'a contact create without stage is refused 400 request_validation_failed instead of field_required_missing',
  apply(state) {
    wrapRoute(state, 'POST', '/contact', (inner) => (ctx) => {
      const attributes = bodyAttributes(ctx);
      if (attributes && (attributes['stage'] === undefined || attributes['stage'] === null)) throw invalid(['body', 'attributes', 'stage'], 'missing', 'Field required');
      return inner(ctx);
    });
  },
});
