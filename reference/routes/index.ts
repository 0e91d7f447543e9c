import type { Route } from '../router.js';
import { accountRoutes } from './accounts.js';
import { contactRoutes } from './contacts.js';
import { customObjectRoutes } from './custom-objects.js';
import { discoveryRoutes } from './discovery.js';
import { meetingRoutes } from './meetings.js';
import { noteRoutes } from './notes.js';
import { opportunityRoutes } from './opportunities.js';
import { relationshipRoutes } from './relationships.js';
import { taskRoutes } from './tasks.js';

/** Every route the reference serves; unstated ones are marked and vanish under statedRoutesOnly. */
export function allRoutes(): Route[] {
  return [
    ...contactRoutes,
    ...accountRoutes,
    ...opportunityRoutes,
    ...relationshipRoutes,
    ...taskRoutes,
    ...noteRoutes,
    ...meetingRoutes,
    ...discoveryRoutes,
    ...customObjectRoutes,
  ];
}
