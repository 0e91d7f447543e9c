import type { Violation } from '../../lib/check/outcome.js';
import { validate, type RecordKind, type SchemaId } from './schemas/index.js';
import { recordViolations } from './record-violations.js';
import { allInWords } from './schema-words.js';
import type { RuleId } from './rules/catalogue.js';

/** Answers whose `data` is a record, by the kind of record (the rest of the body is the schema's own). */
const RECORD_IN: Partial<Record<SchemaId, RecordKind>> = { 'envelopes/upsert': 'custom-object' };

/**
 * Every rule a body that should match `schema` breaks: a record in its `data` is judged by the record
 * rules (each problem under its own rule, so an upsert whose answer holds a currency amount sent as a
 * number fails value.shape, not the upsert's rule); the rest of the body under `rule`, in words.
 */
export function bodyViolations(schema: SchemaId, body: unknown, rule: RuleId): Violation[] {
  const kind = RECORD_IN[schema];
  const data = (body as { data?: unknown } | null)?.data;
  const holdsRecord = kind !== undefined && typeof data === 'object' && data !== null && !Array.isArray(data);
  const problems = validate(schema, body).filter((p) => !(holdsRecord && p.path.startsWith('/data')));
  const words = allInWords(problems, body);
  const own: Violation[] =
    words.length > 0
      ? [
          {
            rule,
            expected: `a body matching ${schema}`,
            actual: words.map((w) => w.text).join('; '),
            problem: words.map((w) => w.problem).join('; '),
            at: problems[0]!.path,
          },
        ]
      : [];
  return [...own, ...(holdsRecord ? recordViolations(kind, { data }) : [])];
}
