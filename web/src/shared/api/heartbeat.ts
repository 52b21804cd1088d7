import { HeartbeatSchema } from '@romshelf/contract';
import type { Heartbeat } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/heartbeat */
export async function fetchHeartbeat(): Promise<Heartbeat> {
  return HeartbeatSchema.parse(await api.get('/heartbeat'));
}

export const heartbeatQueryOptions = () =>
  queryOptions({ queryKey: ['heartbeat'], queryFn: fetchHeartbeat });

export function useHeartbeatQuery() {
  return useQuery(heartbeatQueryOptions());
}
