import type { SchemaProblem } from './schemas/index.js';
import { show } from '../../lib/check/show.js';

/**
 * A schema problem in a reader's words, twice: `text` names the value that came back (`value.amount
 * is 68009112, a number, not a string`), `problem` leaves it out (`value.amount is a number, not a
 * string`), so that one cause met with other values is one root cause. Undefined for a validator's
 * residue: an `if`/`then`, `anyOf` or `oneOf` that only says a branch beneath it failed (that branch's
 * own problem says what), never a problem of its own.
 */
export interface InWords {
  text: string;
  problem: string;
}

const RESIDUE = new Set(['if', 'then', 'anyOf', 'oneOf', 'allOf', 'not']);

const FORMAT: Record<string, string> = {
  uuid: 'a uuid',
  uri: 'a URI',
  'iso8601-timestamp': 'an ISO 8601 timestamp',
};

/** `value.amount`, `labels[0]`, or `the body` for the root. */
export function fieldName(pointer: string): string {
  if (pointer === '') return 'the body';
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
    .join('');
}

/** The value at a JSON pointer of `data`, or undefined where there is none. */
export function valueAt(data: unknown, pointer: string): unknown {
  let v = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** `a number`, `a string`, `null`, `an array`, `an object`. */
export function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return `a ${typeof v}`;
}

function typeWords(t: unknown): string {
  const one = (x: string) =>
    x === 'integer'
      ? 'an integer'
      : x === 'array'
        ? 'an array'
        : x === 'object'
          ? 'an object'
          : x === 'null'
            ? 'null'
            : `a ${x}`;
  return Array.isArray(t) ? t.map((x) => one(String(x))).join(' or ') : one(String(t));
}

/**
 * `p`, a problem of `data` (its path is relative to `data`), in words; `field` names where it sits,
 * as the reader is shown it (`value.amount` of a typed value).
 */
export function inWords(p: SchemaProblem, data: unknown, field = fieldName(p.path)): InWords | undefined {
  const keyword = p.keyword ?? '';
  if (RESIDUE.has(keyword)) return undefined;
  const params = p.params ?? {};
  const v = valueAt(data, p.path);
  const at = field;
  switch (keyword) {
    case 'required': {
      const missing = String(params['missingProperty']);
      const where = at === 'the body' ? missing : `${at}.${missing}`;
      return { text: `${where} is missing`, problem: `${where} is missing` };
    }
    case 'type': {
      const want = typeWords(params['type']);
      return { text: `${at} is ${show(v)}, ${kindOf(v)}, not ${want}`, problem: `${at} is ${kindOf(v)}, not ${want}` };
    }
    case 'format': {
      const want = FORMAT[String(params['format'])] ?? `of format ${String(params['format'])}`;
      return { text: `${at} ${show(v)} is not ${want}`, problem: `${at} is not ${want}` };
    }
    case 'enum':
    case 'const': {
      const allowed = keyword === 'enum' ? (params['allowedValues'] as unknown[]) : [params['allowedValue']];
      const want = allowed.length === 1 ? show(allowed[0]) : `one of ${allowed.map((a) => show(a)).join(', ')}`;
      return { text: `${at} is ${show(v)}, not ${want}`, problem: `${at} is not ${want}` };
    }
    case 'additionalProperties': {
      const extra = String(params['additionalProperty']);
      return {
        text: `${at} has a key ${show(extra)} the spec does not allow`,
        problem: `${at} has a key the spec does not allow`,
      };
    }
    case 'pattern':
      return {
        text: `${at} ${show(v)} does not match ${String(params['pattern'])}`,
        problem: `${at} does not match ${String(params['pattern'])}`,
      };
    default:
      return { text: `${at} ${p.message}`, problem: `${at} ${p.message}` };
  }
}

/** Every problem in words, residue left out, each said once. */
export function allInWords(problems: readonly SchemaProblem[], data: unknown): InWords[] {
  const out: InWords[] = [];
  for (const p of problems) {
    const w = inWords(p, data);
    if (w && !out.some((o) => o.text === w.text)) out.push(w);
  }
  return out;
}

/** Words said of a value, said where it sits in a larger body: `item.through.id is missing`, `item is null, …`. */
export function under(prefix: string, text: string): string {
  return text.startsWith('the body') ? `${prefix}${text.slice('the body'.length)}` : `${prefix}.${text}`;
}
