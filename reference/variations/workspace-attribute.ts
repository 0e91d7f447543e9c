import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

export default defineVariation({
  id: 'workspace-attribute',
  description: 'Every record type carries one more, workspace-defined attribute (`x_workspace_score`, a number).',
  quote:
    'Envelope plus attributes: id (uuid), created_at, updated_at (timestamp), display_name (string), and workspace-defined attributes.',
  affects: ['record.*', 'value.*', 'contact.*', 'account.*', 'task.*', 'custom-object.*'],
  apply: withProfile({ extraAttribute: { name: 'x_workspace_score', value_type: 'number' } }),
});
