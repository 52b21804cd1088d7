/**
 * Resolves on the event loop's next turn, after the I/O waiting now (requests, socket
 * messages) was handled: long jobs await it between slices of work so they never hold the loop.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
