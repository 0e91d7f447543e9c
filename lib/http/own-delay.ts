import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** how often the event loop's delay is sampled (ms): fine enough for windows of round trips */
const RESOLUTION_MS = 10;

let histogram: IntervalHistogram | undefined;

/** The sampler's sums so far: samples, their total (ms) and the total of their squares. */
interface Sums {
  n: number;
  sum: number;
  squares: number;
}

/**
 * A meter of the run's own delay: how long, on average, something this process is told of (an answer)
 * waited for its event loop since the meter was last read (ms). An answer that arrives while the run
 * computes (or while the machine gives the process no core) waits before it is seen, so its measured
 * latency rises with no change at the server: the request budget takes this off before it calls a window
 * slow (lib/http/request-budget.ts). One sampler for the process, started on first use; its timer keeps
 * no process alive.
 *
 * Each sample is the time from one tick of the sampler to the next (RESOLUTION_MS when the loop is
 * free); a tick `x` late holds up what arrives during it by `x / 2` on average, so the wait of an answer
 * arriving at any moment is the sum of the excesses squared over twice the time they span.
 */
export function ownDelayMeter(): () => number {
  histogram ??= startSampling();
  const h = histogram;
  let last = sumsOf(h);
  return () => {
    const now = sumsOf(h);
    const n = now.n - last.n;
    const sum = now.sum - last.sum;
    const squares = now.squares - last.squares;
    last = now;
    if (n <= 0 || sum <= 0) return 0;
    // the excesses over the resolution, squared: Σ(x − r)² = Σx² − 2rΣx + n r²
    const excessSquares = squares - 2 * RESOLUTION_MS * sum + n * RESOLUTION_MS * RESOLUTION_MS;
    const wait = excessSquares / (2 * sum);
    return Number.isFinite(wait) && wait > 0 ? wait : 0;
  };
}

function sumsOf(h: IntervalHistogram): Sums {
  const n = h.count;
  if (n === 0) return { n: 0, sum: 0, squares: 0 };
  const mean = h.mean / 1e6;
  const sd = h.stddev / 1e6;
  return { n, sum: mean * n, squares: n * (sd * sd + mean * mean) };
}

function startSampling(): IntervalHistogram {
  const h = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  h.enable();
  return h;
}
