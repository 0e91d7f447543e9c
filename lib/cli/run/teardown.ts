/**
 * What a run must undo however it ends (the embedded server, the signal handlers, the waiting line's
 * timer): each phase adds its own as it starts it; `close` undoes them, the newest first.
 */
export class Teardown {
  private readonly steps: Array<() => unknown> = [];

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  async close(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) await step();
  }
}
