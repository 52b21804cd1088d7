import { MyPermissionsSchema, PERMISSION_EVENTS } from '@romshelf/contract';
import type { QueryClient } from '@tanstack/react-query';

import { api } from './api-client';
import { getSocket } from './socket';

/** The query of GET /api/permissions/me: what the signed-in user may do. */
export const myPermissionsQuery = {
  queryKey: ['permissions', 'me'] as const,
  queryFn: async () => MyPermissionsSchema.parse(await api.get('/permissions/me')),
};

/**
 * Follows `permissions:changed` on the socket: the signed-in user's permissions are fetched
 * again, `onChanged` runs (to refresh who is signed in) and every query is refetched, so menus
 * and pages follow a change of group, overrides or hidden items without a reload. The server
 * then closes the socket (its rooms followed the old permissions): it connects again at once.
 * Returns the unsubscribe function.
 */
export function followPermissionChanges(
  queryClient: QueryClient,
  onChanged: () => Promise<void>,
): () => void {
  const socket = getSocket();
  const changed = () => {
    void (async () => {
      await Promise.allSettled([queryClient.query(myPermissionsQuery), onChanged()]);
      await queryClient.invalidateQueries();
    })();
  };
  const reconnect = (reason: string) => {
    if (reason === 'io server disconnect') socket.connect();
  };
  socket.on(PERMISSION_EVENTS.changed, changed);
  socket.on('disconnect', reconnect);
  if (!socket.connected) socket.connect();
  return () => {
    socket.off(PERMISSION_EVENTS.changed, changed);
    socket.off('disconnect', reconnect);
  };
}
