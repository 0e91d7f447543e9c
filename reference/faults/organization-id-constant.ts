import { defineFault } from './define.js';
import { mapTypedValues } from './kit.js';

/** The id a single-tenant build renders for every record, whatever organization owns it. */
const DEFAULT_ORGANIZATION_ID = '00000000-0000-4000-8000-000000000001';

/**
 * Every record's organization_id is the same constant: the renderer reads the deployment's
 * default organization instead of the record's own. Storage stays scoped (no record leaks), but
 * two organizations' records carry one organization_id.
 */
export default defineFault({
  id: 'organization-id-constant',
  breaks: ['record.organization-scoped'],
  description: 'every record carries the same organization_id (the deployment default), whichever organization owns it',
  apply(state) {
    mapTypedValues(state, (tv, name) => {
      if (name === 'organization_id') tv.value = DEFAULT_ORGANIZATION_ID;
    });
  },
});
