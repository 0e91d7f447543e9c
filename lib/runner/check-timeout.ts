export class CheckTimedOut extends Error {
  override name = 'CheckTimedOut';
}

/**
 * The check's body, failed once it has run `ms` of its own time: the time its requests waited for
 * their turn (`waited`: a rate-limited server's pauses, the run's pace) is the server's, not the check's.
 * (A pause is counted when it is announced, in full: a check in one is not failed before it ends.)
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, waited: () => number = () => 0): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // a body still running past its time may fail later: that is no longer news to anyone
  work.catch(() => undefined);
  const started = performance.now();
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        const check = () => {
          const own = performance.now() - started - waited();
          if (own < ms) timer = setTimeout(check, ms - own);
          else reject(new CheckTimedOut(`the check did not finish within ${Math.round(ms / 1000)} s`));
        };
        timer = setTimeout(check, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
