import { defineFault } from './define.js';
import { mapTypedValues } from './kit.js';

/**
 * A meeting's meeting_status typed "string" instead of enum: the meeting sync stores the
 * provider's status text and renders it as a plain string (the value itself is unchanged).
 */
export default defineFault({
  id: 'meeting-status-typed-string',
  breaks: ['record.meeting.attributes'],
  description: "a meeting's meeting_status has value_type string instead of enum",
  apply(state) {
    mapTypedValues(state, (tv, name, record) => {
      if (record['record_type'] === 'meeting' && name === 'meeting_status') tv.value_type = 'string';
    });
  },
});
