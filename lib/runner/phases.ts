/** Where a run's time went, in milliseconds (conformance.json `run.phases`; `npm run bench` prints them). */
export interface RunPhases {
  /** from the process's start to the run's: Node, the TypeScript loader, loading the modules */
  startupMs: number;
  /** resolving the configuration and starting the embedded reference server, when it is the target */
  referenceStartMs: number;
  probeMs: number;
  fixturesCheckMs: number;
  /** importing the suite files and selecting the checks */
  suiteLoadMs: number;
  /** the checks themselves, their cleanups included */
  checksMs: number;
}

/** A stopwatch of a run's phases, each measured from the end of the one before. */
export class Phases {
  private readonly times: Partial<RunPhases> = {};
  private last: number;

  constructor() {
    // performance.now() counts from the process's start (performance.timeOrigin)
    this.last = performance.now();
    this.times.startupMs = Math.round(this.last);
  }

  end(phase: Exclude<keyof RunPhases, 'startupMs'>): void {
    const now = performance.now();
    this.times[phase] = Math.round(now - this.last);
    this.last = now;
  }

  done(): Partial<RunPhases> {
    return { ...this.times };
  }
}
