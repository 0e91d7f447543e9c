import type { Rule } from '../../../../lib/catalogue/rule.js';

export const VERSIONING_RULES = {
  'versioning.base-path': {
    level: 'MUST',
    section: 'Versioning',
    quote: 'The API version is `v2`, carried in the base path `/api/v2/public`.',
    summary:
      'the base URL the server answers under ends in /api/v2/public (which internal routes exist, and other versions, cannot be seen)',
    endpoints: ['*'],
  },
} as const satisfies Record<string, Rule>;
