import type { LaunchboxTaskResult } from '@romshelf/contract';

import { api } from '@/lib/api-client';

/** The query keys of metadata look-ups: source health, match and cover searches. */
export const metadataKeys = {
  all: ['metadata'] as const,
  health: (source: string) => [...metadataKeys.all, 'health', source] as const,
  matchSearch: (romId: number, term: string, by: string) =>
    [...metadataKeys.all, 'match-search', romId, term, by] as const,
  coverSearch: (term: string) => [...metadataKeys.all, 'cover-search', term] as const,
};

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
