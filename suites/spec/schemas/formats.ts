import type { FormatDefinition } from 'ajv';
import { isIso8601Timestamp } from '../../../lib/util/instant.js';

export { isIso8601Timestamp };

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

export const iso8601TimestampFormat: FormatDefinition<string> = {
  type: 'string',
  validate: isIso8601Timestamp,
};
