import { performance } from 'node:perf_hooks';

/**
 * Resolves on the event loop's next turn, after the I/O waiting now (requests, socket
 * messages) was handled: long jobs await it between slices of work so they never hold the loop.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Slices a long loop by time: `if (slices.due()) await slices.next()` after each item gives
 * the event loop a turn once the slice has run `budgetMs`, however long each item takes.
 */
export class TimeSlices {
  private started = performance.now();

  constructor(private readonly budgetMs: number) {}

  /** Whether this slice has used its time. */
  due(): boolean {
    return performance.now() - this.started >= this.budgetMs;
  }

  /** Waits for the event loop's next turn, then starts a new slice. */
  async next(): Promise<void> {
    await nextTurn();
    this.started = performance.now();
  }
}
