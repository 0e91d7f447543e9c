import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';

/** Transcript links come back already expired (a clock or time-zone bug: an hour in the past). */
export default defineFault({
  id: 'transcript-expired',
  breaks: ['meeting.transcript.valid-until'],
  description: 'a freshly issued transcript link has an expires_at an hour in the past',
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (
        request.method !== 'GET' ||
        !request.path.endsWith('/transcript') ||
        !isObj(reply.body) ||
        !isObj(reply.body['data'])
      )
        return reply;
      return {
        ...reply,
        body: { data: { ...reply.body['data'], expires_at: state.profile.formatTimestamp(Date.now() - 3_600_000) } },
      };
    });
  },
});
