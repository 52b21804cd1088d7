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
 * A socket that was away (a sleeping device, a restarted server) heard no event meanwhile: on
 * every connection the permissions are fetched again, and a difference from the last ones
 * known refreshes the page the same way. Returns the unsubscribe function.
 */
export function followPermissionChanges(
  queryClient: QueryClient,
  onChanged: () => Promise<void>,
): () => void {
  const socket = getSocket();
  let known: string | null = null;
  /** Fetches the permissions; whether they differ from the last ones known. */
  const fetchMine = async () => {
    const mine = await myPermissionsQuery.queryFn();
    queryClient.setQueryData(myPermissionsQuery.queryKey, mine);
    const text = JSON.stringify(mine);
    const differ = known !== null && text !== known;
    known = text;
    return differ;
  };
  const refresh = async () => {
    await onChanged().catch(() => undefined);
    await queryClient.invalidateQueries();
  };
  const changed = () => {
    void (async () => {
      await Promise.allSettled([fetchMine(), onChanged()]);
      await queryClient.invalidateQueries();
    })();
  };
  const connected = () => {
    fetchMine().then(
      (differ) => (differ ? refresh() : undefined),
      () => undefined,
    );
  };
  const reconnect = (reason: string) => {
    if (reason === 'io server disconnect') socket.connect();
  };
  socket.on(PERMISSION_EVENTS.changed, changed);
  socket.on('connect', connected);
  socket.on('disconnect', reconnect);
  if (socket.connected) connected();
  else socket.connect();
  return () => {
    socket.off(PERMISSION_EVENTS.changed, changed);
    socket.off('connect', connected);
    socket.off('disconnect', reconnect);
  };
}
