import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { USERS_KEY } from './users';

/** DELETE /api/users/{id} (users.write). */
export async function deleteUser(id: number): Promise<void> {
  await api.delete(`/users/${String(id)}`);
}

export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
