import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';

/** Transcript url is a path, not an absolute pre-signed URL. */
export default defineFault({
  id: 'transcript-relative-url',
  breaks: ['meeting.transcript'],
  description: 'the transcript url is a relative path ("/transcripts/...?signature=...") instead of an absolute URL',
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (
        request.method !== 'GET' ||
        !request.path.endsWith('/transcript') ||
        !isObj(reply.body) ||
        !isObj(reply.body['data'])
      )
        return reply;
      const url = reply.body['data']['url'];
      if (typeof url !== 'string' || !URL.canParse(url)) return reply;
      const u = new URL(url);
      return { ...reply, body: { data: { ...reply.body['data'], url: `${u.pathname}${u.search}` } } };
    });
  },
});
