import { defineFault } from './define.js';
import { isObj, wrapRoute } from './kit.js';
import type { Handler } from '../router.js';

/** Both target keys are accepted: related_record_id wins and related_record_match is ignored. */
const idWins =
  (inner: Handler): Handler =>
  (ctx) => {
    const body = ctx.body;
    if (!body || !isObj(body['related_record_match']) || typeof body['related_record_id'] !== 'string')
      return inner(ctx);
    const { related_record_match: _ignored, ...rest } = body;
    return inner({ ...ctx, body: rest });
  };

export default defineFault({
  id: 'exactly-one-target-not-enforced',
  breaks: ['relationship.post.exactly-one-target'],
  description: 'a relationship POST with both related_record_id and related_record_match is accepted (the id wins)',
  apply(state) {
    wrapRoute(state, 'POST', '/contact/:contact_id/relationship/:api_name', idWins);
    wrapRoute(state, 'POST', '/opportunity/:opportunity_id/relationship/:api_name', idWins);
  },
});
