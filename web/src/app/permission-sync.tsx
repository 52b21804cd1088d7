import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { followPermissionChanges } from '../lib/permission-changes';
import { fetchCurrentUser } from '@/shared/api/current-user';
import { useAuthStore } from '@/shared/stores/auth-store';

/** Keeps the signed-in user's permissions (and what the app shows by them) live. */
export function PermissionSync() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      followPermissionChanges(queryClient, async () => {
        useAuthStore.getState().setUser(await fetchCurrentUser());
      }),
    [queryClient],
  );
  return null;
}
