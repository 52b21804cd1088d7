import type { LaunchboxTaskResult, TaskExecution, TaskStatus } from '@romshelf/contract';

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

/** The same check made now rather than the one kept for a minute (`platforms.write` only). */
export function testSourceConnection(source: string): Promise<boolean> {
  return api.get<boolean>(`/heartbeat/metadata/${encodeURIComponent(source)}?fresh=true`);
}

const POLL_INTERVAL_MS = 1000;

/**
 * POST /api/tasks/run/update_launchbox_metadata, then GET /api/tasks/{task_id} until the run
 * ends: download and index the LaunchBox dump, and say what was indexed or why it failed.
 */
export async function runLaunchboxUpdate(): Promise<LaunchboxTaskResult> {
  const run = await api.post<TaskExecution>('/tasks/run/update_launchbox_metadata');
  for (;;) {
    const status = await api.get<TaskStatus>(`/tasks/${encodeURIComponent(run.task_id)}`);
    if (status.ended_at !== null) {
      const stats = status.meta.update_stats ?? {};
      const count = (key: string) => (typeof stats[key] === 'number' ? stats[key] : 0);
      return {
        task_name: 'update_launchbox_metadata',
        status: status.status === 'finished' ? 'finished' : 'failed',
        games: count('games'),
        alternate_names: count('alternate_names'),
        images: count('images'),
        error: status.error,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}
