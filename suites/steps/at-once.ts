/**
 * Independent steps of one check, sent at once (one round trip instead of several). Every step
 * settles before the first failure is thrown, so no create is still in flight when the check's
 * cleanups run (a record made after them would never be archived).
 */
export async function atOnce<T extends readonly unknown[]>(steps: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(steps);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
