/** How long an interrupted run may take to archive what it made before it writes its partial report. */
export const ARCHIVE_GRACE_MS = 10_000;

export type StopSignal = 'SIGINT' | 'SIGTERM';

/** The exit status of a run stopped by a signal: 128 + the signal's number, as a shell reports it. */
export const SIGNAL_EXIT: Record<StopSignal, number> = { SIGINT: 130, SIGTERM: 143 };

/**
 * SIGINT and SIGTERM from the first write on (the fixtures check): the first stops new requests
 * (every check's next one is refused, the archives of the run's own records still go) and gives
 * the run ARCHIVE_GRACE_MS to archive and end; `deadline` then resolves, and the run writes what
 * it has as a partial report. A second signal exits at once, printing how to clean up.
 */
export class Interruption {
  signal: StopSignal | undefined;
  /** resolves ARCHIVE_GRACE_MS after the first signal (never, without one) */
  readonly deadline: Promise<void>;
  private resolveDeadline: () => void = () => undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly handlers: Array<[StopSignal, () => void]>;

  constructor(
    run: { stop(reason: string, hard?: boolean): void },
    say: (line: string) => void,
    cleanupCommand: string,
    graceMs = ARCHIVE_GRACE_MS,
  ) {
    this.deadline = new Promise<void>((r) => {
      this.resolveDeadline = r;
    });
    this.handlers = (['SIGINT', 'SIGTERM'] as const).map((sig) => [
      sig,
      () => {
        if (this.signal !== undefined) {
          say(`${sig} again: exiting at once; what the run made may be left: ${cleanupCommand}`);
          process.exit(SIGNAL_EXIT[sig]);
        }
        this.signal = sig;
        const grace = `at most ${Math.round(graceMs / 1000)} s; ${sig} again exits at once`;
        say(`${sig}: stopping; no new requests, archiving what the run made (${grace})`);
        run.stop(`the run was interrupted (${sig})`);
        this.timer = setTimeout(() => {
          run.stop(`the run was interrupted (${sig})`, true);
          this.resolveDeadline();
        }, graceMs);
      },
    ]);
    for (const [sig, h] of this.handlers) process.on(sig, h);
  }

  /** Removes the handlers (the run is over; a later signal has Node's default effect). */
  dispose(): void {
    for (const [sig, h] of this.handlers) process.off(sig, h);
    clearTimeout(this.timer);
  }
}
