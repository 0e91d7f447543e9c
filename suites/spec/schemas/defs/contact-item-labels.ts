import { schemaUri } from '../ids.js';

export const contactItemLabelsDef = {
  $id: schemaUri('defs/contact-item-labels'),
  $comment:
    'spec: resources/contact-attributes: "Contact phone and email item `labels` values (enum): PERSONAL, WORK, MOBILE". Uniqueness and count are not stated.',
  type: 'array',
  items: { enum: ['PERSONAL', 'WORK', 'MOBILE'] },
} as const;
