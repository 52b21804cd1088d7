import { NETWORK_QUIESCED_DELAY_MS } from '@romshelf/contract';

/** Name of the window event fired once the network has been idle for a moment (SPEC §9). */
export const NETWORK_QUIESCED_EVENT = 'romshelf:network-quiesced';

let pending = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

export function requestStarted(): void {
  pending += 1;
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
}

export function requestEnded(): void {
  pending = Math.max(0, pending - 1);
  if (pending > 0) return;
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    // The document may be gone by then (a request that ended as its page was torn down).
    if (typeof window === 'undefined') return;
    window.dispatchEvent(new Event(NETWORK_QUIESCED_EVENT));
  }, NETWORK_QUIESCED_DELAY_MS);
}

export function pendingRequests(): number {
  return pending;
}
