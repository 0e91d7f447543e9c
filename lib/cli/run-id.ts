import { randomBytes } from 'node:crypto';

/** A run id short enough to sit in a name and unique enough to find one run's records: cr-YYYYMMDD-HHMM-xxxxxx. */
export function newRunId(now: Date = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `cr-${stamp}-${randomBytes(3).toString('hex')}`;
}
