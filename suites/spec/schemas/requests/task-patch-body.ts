import { schemaUri } from '../ids.js';

export const taskPatchBody = {
  $id: schemaUri('requests/task-patch-body'),
  $comment:
    'spec: endpoints/tasks, PATCH /task/{task_id}: "JSON { attributes }, required and non-empty"; "An attributes object with zero set fields is rejected with 422".',
  type: 'object',
  required: ['attributes'],
  properties: { attributes: { type: 'object', minProperties: 1 } },
  additionalProperties: false,
} as const;
