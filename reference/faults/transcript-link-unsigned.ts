import { TRANSCRIPT_FILES } from '../routes/meetings.js';
import { defineFault } from './define.js';
import { onRequest } from './kit.js';

/**
 * The transcript url the server gives is not pre-signed after all: fetched without the API key it
 * answers 403 (the server ignores its own signature). The suite judged the link's shape and its
 * expires_at, never that it answers.
 */
export default defineFault({
  id: 'transcript-link-unsigned',
  breaks: ['meeting.transcript.link-answers'],
  description: 'the transcript url answers 403 to a GET without the API key: its signature is not honoured',
  apply(state) {
    onRequest(state, (req) => {
      const url = req.url ?? '/';
      if (url.startsWith(`${TRANSCRIPT_FILES}/`)) req.url = url.replace(/\?.*$/, '');
    });
  },
});
