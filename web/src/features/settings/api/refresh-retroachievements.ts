import { UserSchema } from '@romshelf/contract';
import type { User } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { storeUpdatedUser } from './update-user';

/** POST /api/users/{id}/ra/refresh: pulls the RetroAchievements progression into the user. */
export async function refreshRetroAchievements(id: number): Promise<User> {
  return UserSchema.parse(await api.post(`/users/${String(id)}/ra/refresh`));
}

export function useRefreshRetroAchievementsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshRetroAchievements,
    onSuccess: (user) => storeUpdatedUser(queryClient, user),
  });
}
