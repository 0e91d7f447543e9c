import { attributesOf } from '../attributes/index.js';
import { defineFault } from './define.js';
import { bodyAttributes } from './kit.js';
import { findRecord, recordReply } from '../routes/common.js';
import { route } from '../router.js';
import { applyPatch } from '../write.js';

/** PATCH /meeting/{id} is served: string attributes of the read-only meeting change. */
export default defineFault({
  id: 'meeting-writable',
  breaks: ['meeting.read-only'],
  description: "PATCH /meeting/{id} is served and changes the meeting's string attributes (meetings are read-only)",
  apply(state) {
    state.routes = [
      ...state.routes,
      route('PATCH', '/meeting/:meeting_id', (ctx) => {
        const record = findRecord(ctx, 'meeting', ctx.params['meeting_id']);
        const strings = new Set(
          attributesOf(ctx.org, 'meeting', ctx.profile)
            .filter((d) => d.type === 'string')
            .map((d) => d.name),
        );
        const changes = Object.fromEntries(
          Object.entries(bodyAttributes(ctx) ?? {}).filter(([k, v]) => strings.has(k) && typeof v === 'string'),
        );
        applyPatch(ctx, record, changes);
        return recordReply(ctx, record);
      }),
    ];
  },
});
