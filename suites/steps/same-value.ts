import { sameInstant } from '../../lib/util/instant.js';
import type { TypedValue } from '../spec/record.js';

const OPTION_TYPES = new Set(['select', 'contact_stage', 'account_stage', 'opportunity_stage']);

/**
 * Does an attribute read back hold the value written? The write is raw or enveloped
 * (`{ value_type, value }`); the read is a typed value or an array of them. Where the spec leaves
 * the representation open, the same meaning is the same value: a timestamp is compared as an
 * ISO 8601 instant at the coarser precision of the two (lib/util/instant.ts), a currency amount as a decimal number,
 * a select or stage written as a string matches the option's api_name or display name ("A string is
 * taken as a stage api_name or display name"), an object is compared on the keys that were sent, and
 * the items of a multi-valued attribute in any order (none is stated).
 */
export function sameTypedValue(sent: unknown, read: TypedValue | TypedValue[] | undefined): boolean {
  const raw = unwrap(sent);
  if (Array.isArray(read)) {
    // multi-valued items are compared as a multiset: the spec states no order for them
    if (!Array.isArray(raw) || raw.length !== read.length) return false;
    const unmatched = [...read];
    return raw.every((v) => {
      const at = unmatched.findIndex((r) => sameTypedValue(v, r));
      if (at < 0) return false;
      unmatched.splice(at, 1);
      return true;
    });
  }
  if (!read) return raw === undefined;
  return sameAs(raw, read.value, read.value_type);
}

function unwrap(sent: unknown): unknown {
  if (
    sent !== null &&
    typeof sent === 'object' &&
    !Array.isArray(sent) &&
    'value' in sent &&
    Object.keys(sent).every((k) => k === 'value' || k === 'value_type')
  ) {
    return (sent as { value: unknown }).value;
  }
  return sent;
}

function sameAs(sent: unknown, read: unknown, valueType: string): boolean {
  if (valueType === 'timestamp' && typeof sent === 'string' && typeof read === 'string') {
    return sameInstant(sent, read);
  }
  if (valueType === 'currency' && read !== null && typeof read === 'object') {
    const amount = (read as { amount?: unknown }).amount;
    const want = sent !== null && typeof sent === 'object' ? (sent as { amount?: unknown }).amount : sent;
    return sameDecimal(want, amount);
  }
  if (OPTION_TYPES.has(valueType) && typeof sent === 'string' && read !== null && typeof read === 'object') {
    const option = read as { api_name?: unknown; display_name?: unknown };
    return option.api_name === sent || option.display_name === sent;
  }
  return sameOnKeysSent(sent, read);
}

function sameDecimal(a: unknown, b: unknown): boolean {
  const n = (v: unknown) =>
    typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : Number.NaN;
  return !Number.isNaN(n(a)) && n(a) === n(b);
}

/** Deep equality on the keys that were sent (the read may carry more, e.g. a select's color). */
export function sameOnKeysSent(sent: unknown, read: unknown): boolean {
  if (sent === null || typeof sent !== 'object') return sent === read;
  if (read === null || typeof read !== 'object') return false;
  if (Array.isArray(sent))
    return (
      Array.isArray(read) &&
      sent.length === read.length &&
      sent.every((v, i) => sameOnKeysSent(v, (read as unknown[])[i]))
    );
  return Object.entries(sent).every(([k, v]) => sameOnKeysSent(v, (read as Record<string, unknown>)[k]));
}
