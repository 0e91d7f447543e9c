import { defineFault } from './define.js';
import { mapRecords } from './kit.js';
import type { Json } from './kit.js';

const rfc1123 = (iso: unknown): unknown => (typeof iso === 'string' ? new Date(iso).toUTCString() : iso);

/** Record timestamps (envelope and timestamp-typed values) in RFC 1123 form: "Sun, 22 Nov 2026 04:22:13 GMT". */
export default defineFault({
  id: 'timestamp-not-iso',
  breaks: ['record.envelope', 'value.shape'],
  description: 'record timestamps are HTTP-date strings ("Sun, 22 Nov 2026 04:22:13 GMT"), not ISO 8601',
  apply(state) {
    mapRecords(state, (record) => {
      record['created_at'] = rfc1123(record['created_at']);
      record['updated_at'] = rfc1123(record['updated_at']);
      for (const v of Object.values(record['attributes'] as Json)) {
        for (const tv of Array.isArray(v) ? v : [v]) {
          if ((tv as Json)['value_type'] === 'timestamp') (tv as Json)['value'] = rfc1123((tv as Json)['value']);
        }
      }
    });
  },
});
