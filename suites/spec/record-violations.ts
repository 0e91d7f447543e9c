import { validateSingle, VALUE_TYPE_NAMES, type RecordKind, type SchemaProblem } from './schemas/index.js';
import type { ValueTypeName } from './schemas/index.js';
import type { RuleId } from './rules/catalogue.js';
import type { Violation } from '../../lib/check/outcome.js';
import { show } from '../../lib/check/show.js';
import { allInWords, kindOf } from './schema-words.js';
import { valueShapeViolation } from './value-shapes.js';

const ATTRIBUTE_RULE: Record<RecordKind, RuleId> = {
  contact: 'record.contact.attributes',
  account: 'record.account.attributes',
  opportunity: 'record.opportunity.attributes',
  task: 'record.task.attributes',
  note: 'record.note.attributes',
  meeting: 'record.meeting.attributes',
  'custom-object': 'record.custom-object.attributes',
};

const ATTRIBUTE = /^\/data\/attributes\/([^/]+)(\/.*)?$/;

/**
 * Validates `{ data: <record> }` and files each problem under the rule it breaks, from where it sits:
 * the envelope, the record_type, an attribute that is not a typed value, an attribute of the wrong
 * value_type for its name, or a value that does not have its value_type's shape. One violation per
 * rule outside the attributes, one per attribute and rule within them, each in words (which value,
 * what the spec shapes it, what came back) and naming what is wrong apart from the value, so one
 * cause is one root cause whatever the attribute. The validator's residue (an `if`/`then` or `anyOf`
 * that only says a branch beneath it failed) is never a problem of its own.
 */
export function recordViolations(kind: RecordKind, body: unknown): Violation[] {
  const problems = validateSingle(kind, body);
  if (problems.length === 0) return [];
  const byAttribute = new Map<string, SchemaProblem[]>();
  const outside: SchemaProblem[] = [];
  const missing: string[] = [];
  for (const p of problems) {
    const m = ATTRIBUTE.exec(p.path);
    if (p.path === '/data/attributes' && p.keyword === 'required') missing.push(String(p.params?.['missingProperty']));
    else if (!m) outside.push(p);
    else byAttribute.set(m[1]!, [...(byAttribute.get(m[1]!) ?? []), p]);
  }
  const attributes = (body as { data?: { attributes?: Record<string, unknown> } }).data?.attributes ?? {};
  return [
    ...envelopeViolations(kind, outside, body),
    ...(missing.length > 0 ? [missingAttributes(kind, missing)] : []),
    ...[...byAttribute].flatMap(([name, ps]) =>
      attributeViolations(kind, unescape(name), attributes[unescape(name)], ps),
    ),
  ];
}

/** Attributes the spec says the record carries (a custom object's "Envelope plus attributes: …") that it lacks. */
function missingAttributes(kind: RecordKind, names: readonly string[]): Violation {
  return {
    rule: ATTRIBUTE_RULE[kind],
    expected: `the attributes a ${kind} record is stated to carry, ${names.map((n) => show(n)).join(', ')} among them`,
    actual: `no ${names.map((n) => show(n)).join(', ')} in data.attributes`,
    problem: 'an attribute the record is stated to carry is missing',
    at: '/data/attributes',
  };
}

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** The envelope's rules (record.envelope, record.record-type), one violation each, in words. */
function envelopeViolations(kind: RecordKind, problems: readonly SchemaProblem[], body: unknown): Violation[] {
  const out: Violation[] = [];
  for (const rule of ['record.envelope', 'record.record-type'] as const) {
    const own = problems.filter((p) => (p.path === '/data/record_type') === (rule === 'record.record-type'));
    const words = allInWords(own, body);
    if (words.length === 0) continue;
    out.push({
      rule,
      expected:
        rule === 'record.envelope'
          ? '{ data: record } with id (uuid), created_at, updated_at (ISO 8601), attributes (object), record_type (string)'
          : `record_type of a ${kind} record`,
      actual: words.map((w) => w.text).join('; '),
      problem: words.map((w) => w.problem).join('; '),
      at: own[0]!.path,
    });
  }
  return out;
}

interface Typed {
  value: unknown;
  value_type: string;
}

function isTyped(v: unknown): v is Typed {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    'value' in v &&
    typeof (v as { value_type?: unknown }).value_type === 'string'
  );
}

const isValueType = (t: string): t is ValueTypeName => (VALUE_TYPE_NAMES as readonly string[]).includes(t);

/** One attribute's problems: not a typed value, a value_type not its name's, or a value not of its type's shape. */
function attributeViolations(
  kind: RecordKind,
  name: string,
  value: unknown,
  problems: readonly SchemaProblem[],
): Violation[] {
  const pointer = `/data/attributes/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  const items: Array<[unknown, string]> = Array.isArray(value)
    ? value.map((v, i) => [v, `${pointer}/${i}`])
    : [[value, pointer]];
  const untyped = items.find(([v]) => !isTyped(v));
  if (untyped) return [notTyped(name, untyped[0], untyped[1])];
  // one value where the spec has many, or many where one: its shape is no value type's (an anyOf's
  // branch that wanted the other arity is residue, not this)
  const arity = problems.find(
    (p) => p.path === pointer && p.keyword === 'type' && !(p.schemaPath ?? '').includes('anyOf'),
  );
  if (arity) return [arityViolation(name, value, arity)];
  const out: Violation[] = [];
  const typeProblem = problems.find((p) => p.path.endsWith('/value_type') && p.keyword === 'const');
  if (typeProblem) {
    const want = String(typeProblem.params?.['allowedValue']);
    const got = (items.find(([, at]) => typeProblem.path === `${at}/value_type`)?.[0] as Typed | undefined)?.value_type;
    out.push({
      rule: ATTRIBUTE_RULE[kind],
      expected: `${name}: value_type ${want}`,
      actual: `${name} has value_type ${show(got)}`,
      problem: `${name}: value_type ${show(got)}, not ${want}`,
      at: typeProblem.path,
    });
  }
  for (const [item, at] of items) {
    const t = (item as Typed).value_type;
    const v = isValueType(t) ? valueShapeViolation(name, t, item, at) : undefined;
    if (v) out.push(v);
  }
  return out;
}

function notTyped(name: string, v: unknown, at: string): Violation {
  const what =
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? `an object without ${'value' in v ? 'a string value_type' : 'value'}`
      : kindOf(v);
  return {
    rule: 'value.typed',
    expected: `${name}: a typed value { value, value_type }`,
    actual: `${name} is ${show(v)}, ${what}`,
    problem: `an attribute is ${what}, not a typed value { value, value_type }`,
    at,
  };
}

function arityViolation(name: string, value: unknown, p: SchemaProblem): Violation {
  const many = p.params?.['type'] === 'array';
  return {
    rule: 'value.typed',
    expected: `${name}: ${many ? 'an array of typed values' : 'one typed value'}`,
    actual: `${name} is ${show(value)}`,
    problem: many
      ? 'a multi-valued attribute is one typed value, not an array'
      : 'a single-valued attribute is an array',
    at: p.path,
  };
}
