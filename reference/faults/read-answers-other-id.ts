import { randomUUID } from 'node:crypto';
import { defineFault } from './define.js';
import { mapRecords } from './kit.js';

/**
 * A note or meeting read answers a well-formed record under another id than the one asked for (a
 * cache keyed wrongly): the envelope is intact, so only the reads' own rules can see it.
 */
export default defineFault({
  id: 'read-answers-other-id',
  breaks: ['note.get.record', 'meeting.get.record'],
  description: 'GET /note/{id} and GET /meeting/{id} answer a record whose data.id is not the id asked for',
  apply(state) {
    mapRecords(state, (record, request) => {
      if (request.method === 'GET' && /^\/(note|meeting)\/[^/]+$/.test(request.path)) record['id'] = randomUUID();
    });
  },
});
