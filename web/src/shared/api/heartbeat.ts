import { HeartbeatSchema } from '@romshelf/contract';
import type { Heartbeat } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/heartbeat */
export async function fetchHeartbeat(): Promise<Heartbeat> {
  return HeartbeatSchema.parse(await api.get('/heartbeat', { preloadable: true }));
}

export const heartbeatKeys = { all: ['heartbeat'] as const };

export const heartbeatQueryOptions = () =>
  queryOptions({ queryKey: heartbeatKeys.all, queryFn: fetchHeartbeat });

export function useHeartbeatQuery() {
  return useQuery(heartbeatQueryOptions());
}
