import { UserSchema } from '@romshelf/contract';
import type { User } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useAuthStore } from '@/shared/stores/auth-store';

import { userKeys } from './user-keys';

/** POST /api/users/{id}/ra/refresh: pulls the RetroAchievements progression into the user. */
export async function refreshRetroAchievements(id: number): Promise<User> {
  return UserSchema.parse(await api.post(`/users/${String(id)}/ra/refresh`));
}

/**
 * Refreshes a user's progression; the answer becomes the signed-in user when it is oneself, and
 * every cached user query (me, by id, the list) is refetched.
 */
export function useRefreshRetroAchievementsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshRetroAchievements,
    onSuccess: (user) => {
      const auth = useAuthStore.getState();
      if (auth.user?.id === user.id) auth.setUser(user);
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
