import { defineFault } from './define.js';
import { isObj, mapReplies, mapTypedValues } from './kit.js';

const lower = (labels: unknown): unknown =>
  Array.isArray(labels) ? (labels as unknown[]).map((l) => (typeof l === 'string' ? l.toLowerCase() : l)) : labels;

/** Phone and email item labels in lower case ("work"), in records and in the phone item patch answer. */
export default defineFault({
  id: 'contact-labels-lowercase',
  breaks: ['value.shape', 'contact.phone-item.patch'],
  description:
    'contact email and phone item labels are returned in lower case ("work") instead of PERSONAL, WORK, MOBILE',
  apply(state) {
    mapTypedValues(state, (tv) => {
      if ((tv.value_type === 'contact_phone_number' || tv.value_type === 'contact_email') && isObj(tv.value))
        tv.value['labels'] = lower(tv.value['labels']);
    });
    mapReplies(state, (reply, request) => {
      if (
        request.method !== 'PATCH' ||
        !request.path.includes('/attribute/contact_phone_numbers/') ||
        !isObj(reply.body)
      )
        return reply;
      const body = structuredClone(reply.body);
      const envelope = isObj(body['data']) ? body['data']['envelope'] : undefined;
      if (isObj(envelope)) envelope['labels'] = lower(envelope['labels']);
      return { ...reply, body };
    });
  },
});
