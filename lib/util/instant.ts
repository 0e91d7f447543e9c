/**
 * A timestamp read as ISO 8601 states it, without `Date.parse` (which misreads forms it does not
 * know, such as a comma before the fraction, and takes a time without an offset as the local time
 * of the machine the suite runs on). The forms are those of the `iso8601-timestamp` format.
 *
 * A time without an offset: ISO 8601 calls it local time of an unstated zone, which names no
 * instant. The suite reads it as UTC (what a server that stores UTC and drops the designator
 * means), never as the suite machine's zone, so a verdict never depends on where the suite runs.
 */
export interface Instant {
  /** whole seconds since the epoch, the offset applied */
  seconds: number;
  /** the digits of the fraction of a second as written ('' when none) */
  fraction: string;
}

const PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|([+-])(\d{2})(?::?(\d{2}))?)?$/;

export function instantOf(text: string): Instant | undefined {
  if (!isIso8601Timestamp(text)) return undefined;
  const m = PARTS.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, , sign, oh, om] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)) / 1000;
  const offset = sign === undefined ? 0 : (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om ?? 0) * 60);
  return { seconds: utc - offset, fraction: frac ?? '' };
}

/** Milliseconds since the epoch (the fraction cut to milliseconds), or NaN when not a timestamp. */
export function instantMs(text: string): number {
  const i = instantOf(text);
  return i === undefined ? Number.NaN : i.seconds * 1000 + Number(i.fraction.slice(0, 3).padEnd(3, '0'));
}

/**
 * Whether two timestamps name the same instant, compared at the coarser precision of the two: the
 * spec states neither a form nor a precision, so `…:13.123Z`, `…:13,123000Z` and `…:18:43.123+05:30`
 * are one instant, and a server that keeps whole seconds reads `…:13.123Z` back as `…:13Z`.
 */
export function sameInstant(a: string, b: string): boolean {
  const x = instantOf(a);
  const y = instantOf(b);
  if (x === undefined || y === undefined || x.seconds !== y.seconds) return false;
  const digits = Math.min(x.fraction.length, y.fraction.length);
  return x.fraction.slice(0, digits) === y.fraction.slice(0, digits);
}

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * A timestamp in one of the ISO 8601 forms the `iso8601-timestamp` format takes (suites/spec/schemas/formats.ts
 * says which and why), its values real: a month of 1-12, a day of its month, and so on.
 */
export function isIso8601Timestamp(text: string): boolean {
  const m = PATTERN.exec(text);
  if (m === null) return false;
  const [, y, mo, d, h, mi, s, frac, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (month < 1 || month > 12) return false;
  if (day < 1 || day > daysInMonth(year, month)) return false;
  if (minute > 59 || second > 60) return false;
  if (hour > 24) return false;
  if (hour === 24 && (minute !== 0 || second !== 0 || /[1-9]/.test(frac ?? ''))) return false;
  if (oh !== undefined && Number(oh) > 23) return false;
  if (om !== undefined && Number(om) > 59) return false;
  return true;
}
