import { DEFAULT_UPLOAD_TIMEOUT_SECONDS } from '@romshelf/contract';
import type { Heartbeat } from '@romshelf/contract';

/** The upload timeout (SPEC §7): heartbeat FRONTEND.UPLOAD_TIMEOUT seconds, default 20. */
export function uploadTimeoutMs(heartbeat: Heartbeat | null): number {
  const seconds = heartbeat?.FRONTEND.UPLOAD_TIMEOUT;
  return (
    (typeof seconds === 'number' && seconds > 0 ? seconds : DEFAULT_UPLOAD_TIMEOUT_SECONDS) * 1000
  );
}
