import { describe, expect, it } from 'vitest';
import { instantMs, instantOf, sameInstant } from '../lib/util/instant.js';

describe('timestamps read as ISO 8601 instants', () => {
  it('takes a comma before the fraction, other offsets and other precision as the same instant', () => {
    const base = '2026-11-22T04:22:13.123Z';
    for (const other of [
      '2026-11-22T04:22:13,123Z',
      '2026-11-22T09:52:13.123+05:30',
      '2026-11-22T04:22:13.123000+00:00',
      '2026-11-21T23:22:13.123-0500',
      '2026-11-22T04:22:13Z',
      '2026-11-22T04:22:13.1Z',
    ]) {
      expect(sameInstant(base, other), other).toBe(true);
    }
  });

  it('tells different instants apart', () => {
    const base = '2026-11-22T04:22:13.123Z';
    for (const other of [
      '2026-11-22T04:22:13.124Z',
      '2026-11-22T04:22:14Z',
      '2026-11-22T04:22:13.123+01:00',
      'not a time',
      '',
    ]) {
      expect(sameInstant(base, other), other).toBe(false);
    }
  });

  it('reads a time without an offset as UTC, whatever the zone of the machine', () => {
    expect(instantMs('2026-11-22T04:22:13.5')).toBe(Date.UTC(2026, 10, 22, 4, 22, 13, 500));
    expect(instantOf('2026-11-22T04:22')).toEqual({ seconds: Date.UTC(2026, 10, 22, 4, 22) / 1000, fraction: '' });
  });

  it('refuses what is no ISO 8601 timestamp', () => {
    expect(instantOf('2026-02-30T00:00:00Z')).toBeUndefined();
    expect(Number.isNaN(instantMs('Sun, 22 Nov 2026 04:22:13 GMT'))).toBe(true);
  });
});
