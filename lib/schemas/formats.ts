import type { FormatDefinition } from 'ajv';

/**
 * Named format `iso8601-timestamp`: the spec types timestamps as "ISO 8601 timestamp".
 *
 * Why not ajv-formats `date-time`: that format is RFC 3339, a stricter profile of ISO 8601
 * (seconds and an offset are mandatory, `+hhmm` and `+hh` offsets are not allowed). A server
 * sending `2026-11-22T04:22+0530` follows ISO 8601, as the spec asks, yet would fail RFC 3339.
 *
 * Accepted: extended calendar date and time `YYYY-MM-DDThh:mm[:ss[(.|,)fraction]]`, then an
 * optional designator `Z`, `±hh:mm`, `±hhmm` or `±hh`. Values must be real: month 1-12, day
 * valid for the month (leap years counted), hour 0-23 or 24:00[:00[.0…]] (end of day), minute
 * 0-59, second 0-60 (60 for a leap second), offset hour 0-23 and minute 0-59.
 * Not accepted (ISO 8601 forms no JSON API emits as a timestamp): basic format without
 * separators, week and ordinal dates, reduced precision (date only), expanded years, lowercase
 * `t`/`z`.
 */
export const ISO8601_TIMESTAMP = 'iso8601-timestamp';

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

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

export const iso8601TimestampFormat: FormatDefinition<string> = {
  type: 'string',
  validate: isIso8601Timestamp,
};
