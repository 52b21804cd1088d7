import type { LaunchboxTaskResult } from '@romshelf/contract';

import { api } from '../api-client';

/** GET /api/heartbeat/metadata/{source}: whether an enabled source answers (cached a minute). */
export function fetchSourceHealth(source: string, signal?: AbortSignal): Promise<boolean> {
  return api.get<boolean>(`/heartbeat/metadata/${encodeURIComponent(source)}`, { signal });
}

/** POST /api/tasks/run/update_launchbox_metadata: download and index the LaunchBox dump. */
export function runLaunchboxUpdate(): Promise<LaunchboxTaskResult> {
  return api.post<LaunchboxTaskResult>('/tasks/run/update_launchbox_metadata', {
    timeoutMs: 30 * 60_000,
  });
}
