/**
 * A strictly increasing millisecond clock: two writes in the same millisecond still give
 * distinct, ordered timestamps, so `updated_at` always advances on a patch.
 */
export class Clock {
  private last = 0;

  now(): number {
    const t = Math.max(Date.now(), this.last + 1);
    this.last = t;
    return t;
  }
}
