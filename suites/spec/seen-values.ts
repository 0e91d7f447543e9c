import type { SeenValue } from '../../lib/check/judges.js';
import { validate, VALUE_TYPE_NAMES, type ValueTypeName } from './schemas/index.js';
import { allInWords } from './schema-words.js';
import { valueShapeViolation } from './value-shapes.js';

const VALUE_TYPES = new Set<string>(VALUE_TYPE_NAMES);

/** The key the run's observer files a record's envelope under (a value type's key is its name). */
export const ENVELOPE_KEY = 'record envelope';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What a 2xx answer shows, for the run's observer (lib/check/answer-observer.ts): the record of a
 * `{ data: record }` body against the envelope, and each typed value of its attributes whose
 * value_type the spec's table names, against that value type's shape (value.shape). A relationship
 * answer's items (`{ parent, api_name, item }`, a page's `items`) hold typed values too, in
 * `through.attributes` ("for contact-to-account edges, attributes holds role (string-typed value) and
 * is_primary (boolean-typed value)"): each is judged the same way. A value null is no value shown; a
 * value_type the table does not name, or an attribute that is no typed value, is the concern of the
 * record's attribute rules, judged where a check reads the record.
 */
export function seenValues(body: unknown): SeenValue[] {
  if (!isObject(body)) return [];
  const data = body['data'];
  if (isObject(data) && isObject(data['attributes']))
    return [envelopeSeen(data), ...typedValues(data['attributes'], '/data/attributes', '')];
  const items: Array<[string, unknown]> = isObject(body['item']) ? [['/item', body['item']]] : [];
  if (Array.isArray(body['items'])) items.push(...body['items'].map((it, i): [string, unknown] => [`/items/${i}`, it]));
  return items.flatMap(([at, item]) => {
    const through = isObject(item) ? item['through'] : undefined;
    const attributes = isObject(through) ? through['attributes'] : undefined;
    return isObject(attributes) ? typedValues(attributes, `${at}/through/attributes`, 'through.attributes.') : [];
  });
}

/** Each typed value of an attributes object (a value or an array of them) whose value_type the table names. */
function typedValues(attributes: Record<string, unknown>, base: string, prefix: string): SeenValue[] {
  const out: SeenValue[] = [];
  for (const [attribute, attr] of Object.entries(attributes)) {
    const items = Array.isArray(attr) ? attr : [attr];
    items.forEach((item, i) => {
      if (!isObject(item) || typeof item['value_type'] !== 'string' || !VALUE_TYPES.has(item['value_type'])) return;
      if (item['value'] === null || item['value'] === undefined) return;
      // no value type's value is an array: one typed value holding a list is a multi-valued attribute
      // not sent as an array of typed values, value.typed's concern where a check reads the record
      if (Array.isArray(item['value'])) return;
      const at = `${base}/${attribute}${Array.isArray(attr) ? `/${i}` : ''}`;
      out.push(valueSeen(`${prefix}${attribute}`, item['value_type'] as ValueTypeName, item, at));
    });
  }
  return out;
}

/** One typed value against its value type's shape: the way it is wrong, said without the value. */
function valueSeen(attribute: string, valueType: ValueTypeName, item: unknown, at: string): SeenValue {
  const violation = valueShapeViolation(attribute, valueType, item, at);
  return { key: valueType, attribute, problems: violation ? [{ way: violation.problem ?? '', violation }] : [] };
}

/** The record against the envelope (id, created_at, updated_at, attributes, record_type). */
function envelopeSeen(record: Record<string, unknown>): SeenValue {
  const problems = validate('records/envelope', record);
  const words = allInWords(problems, record);
  if (words.length === 0) return { key: ENVELOPE_KEY, attribute: '', problems: [] };
  const problem = words.map((w) => w.problem).join('; ');
  const violation = {
    rule: 'record.envelope' as const,
    expected: 'a record { id: uuid, created_at, updated_at: ISO 8601, attributes: object, record_type: string }',
    actual: words.map((w) => w.text).join('; '),
    problem,
    at: `/data${problems[0]!.path}`,
  };
  return { key: ENVELOPE_KEY, attribute: '', problems: [{ way: problem, violation }] };
}
