import { defineFault } from './define.js';
import { mapReplies } from './kit.js';

/** Contact create answers 200 instead of the stated 201. */
export default defineFault({
  id: 'contact-create-200',
  breaks: ['contact.create.status-201'],
  description: 'POST /contact answers 200 instead of 201',
  apply(state) {
    mapReplies(state, (reply, request) =>
      request.method === 'POST' && request.path === '/contact' && reply.status === 201
        ? { ...reply, status: 200 }
        : reply,
    );
  },
});
