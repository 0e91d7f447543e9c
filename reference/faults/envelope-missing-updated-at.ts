import { defineFault } from './define.js';
import { mapRecords } from './kit.js';

/** The record envelope leaves out updated_at. */
export default defineFault({
  id: 'envelope-missing-updated-at',
  breaks: ['record.envelope'],
  description: 'single-record responses leave updated_at out of the record envelope',
  apply(state) {
    mapRecords(state, (record) => {
      delete record['updated_at'];
    });
  },
});
