import { UserSchema } from '@romshelf/contract';
import type { Role, User } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useAuthStore } from '@/shared/stores/auth-store';
import { userKeys } from '@/shared/api/user-keys';

/** The fields PUT /api/users/{id} accepts; only the given ones change. */
export interface UserChanges {
  username?: string;
  password?: string;
  current_password?: string;
  /** '' clears the address. */
  email?: string;
  enabled?: boolean;
  role?: Role;
  ra_username?: string;
  /** Whether others see the user's play activity. */
  share_activity?: boolean;
  avatar?: File;
}

/** The multipart body of SPEC §7: text fields plus the `avatar` file. */
export function toFormData(changes: UserChanges): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || name === 'avatar') continue;
    form.append(name, typeof value === 'boolean' ? String(value) : (value as string));
  }
  if (changes.avatar) form.append('avatar', changes.avatar, changes.avatar.name);
  return form;
}

/** PUT /api/users/{id}: multipart when an avatar is sent, JSON otherwise. */
export async function updateUser(id: number, changes: UserChanges): Promise<User> {
  const options = changes.avatar ? { body: toFormData(changes) } : { json: changes };
  return UserSchema.parse(await api.put(`/users/${String(id)}`, options));
}

/** Keeps the list, the single-user cache and (for oneself) the signed-in user in step. */
export function storeUpdatedUser(
  queryClient: ReturnType<typeof useQueryClient>,
  user: User,
): Promise<void> {
  queryClient.setQueryData(userKeys.detail(user.id), user);
  const auth = useAuthStore.getState();
  if (auth.user?.id === user.id) auth.setUser(user);
  return queryClient.invalidateQueries({ queryKey: userKeys.list() });
}

export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UserChanges }) => updateUser(id, changes),
    onSuccess: (user) => storeUpdatedUser(queryClient, user),
  });
}
