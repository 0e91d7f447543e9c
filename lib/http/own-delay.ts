/** how often the event loop's delay is sampled (ms): fine enough for windows of round trips */
const RESOLUTION_MS = 10;

/** The sampler's sums so far: the time its ticks spanned (ms), and the sum of each tick's lateness squared. */
const sums = { spanMs: 0, lateSquares: 0 };
let started = false;

/**
 * A meter of the run's own delay: how long, on average, something this process is told of (an answer)
 * waited for its event loop since the meter was last read (ms). An answer that arrives while the run
 * computes (or while the machine gives the process no core) waits before it is seen, so its measured
 * latency rises with no change at the server: the request budget takes this off before it calls a window
 * slow (lib/http/request-budget.ts). One sampler for the process, a timer that keeps no process alive,
 * started on first use; reading it costs two subtractions.
 *
 * A tick `x` late held up what arrived during it by `x / 2` on average, so the wait of an answer arriving
 * at any moment is the sum of the ticks' lateness squared over twice the time they spanned.
 */
export function ownDelayMeter(): () => number {
  if (!started) startSampling();
  let last = { ...sums };
  return () => {
    const span = sums.spanMs - last.spanMs;
    const squares = sums.lateSquares - last.lateSquares;
    last = { ...sums };
    return span > 0 && squares > 0 ? squares / (2 * span) : 0;
  };
}

function startSampling(): void {
  started = true;
  let at = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = Math.max(0, now - at - RESOLUTION_MS);
    sums.spanMs += now - at;
    sums.lateSquares += late * late;
    at = now;
  }, RESOLUTION_MS).unref();
}
