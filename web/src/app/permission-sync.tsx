import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { followPermissionChanges } from '../lib/permission-changes';
import { fetchCurrentUser } from '@/shared/api/current-user';
import { useAuthStore } from '@/shared/stores/auth-store';

/**
 * Keeps the signed-in user's permissions (and what the app shows by them) live. Anonymous
 * visitors have no socket to follow.
 */
export function PermissionSync() {
  const queryClient = useQueryClient();
  const signedIn = useAuthStore((state) => state.user !== null);
  useEffect(() => {
    if (!signedIn) return undefined;
    return followPermissionChanges(queryClient, async () => {
      useAuthStore.getState().setUser(await fetchCurrentUser());
    });
  }, [queryClient, signedIn]);
  return null;
}
