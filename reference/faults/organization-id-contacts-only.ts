import { defineFault } from './define.js';
import { mapRecords } from './kit.js';

/** Only contacts carry organization_id; every other record type leaves it out. */
export default defineFault({
  id: 'organization-id-contacts-only',
  breaks: ['record.organization-scoped'],
  description:
    'accounts, opportunities, tasks, notes and meetings answer records without organization_id (contacts keep it)',
  apply(state) {
    mapRecords(state, (record) => {
      if (record['record_type'] === 'contact') return;
      delete (record['attributes'] as Record<string, unknown>)['organization_id'];
    });
  },
});
