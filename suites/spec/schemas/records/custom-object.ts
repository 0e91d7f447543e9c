import { one } from './attr.js';
import { defineRecord } from './define.js';

export const customObjectRecord = defineRecord(
  'custom-object',
  'spec: resources/custom-object-record-response: "Envelope plus attributes: id (uuid), created_at, updated_at (timestamp), display_name (string), and workspace-defined attributes"; record_type is the custom-object api_name, which "starts with cus_obj__".',
  { type: 'string', pattern: '^cus_obj__' },
  {
    id: one('uuid'),
    created_at: one('timestamp'),
    updated_at: one('timestamp'),
    display_name: one('string'),
  },
  // unlike the other record types' lists, this one states what the record is made of: "Envelope plus
  // attributes: id, created_at, updated_at, display_name": each is there, typed as listed
  ['id', 'created_at', 'updated_at', 'display_name'],
);
