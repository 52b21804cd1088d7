import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { userKeys } from '@/shared/api/user-keys';

/** DELETE /api/users/{id} (users.write). */
export async function deleteUser(id: number): Promise<void> {
  await api.delete(`/users/${String(id)}`);
}

export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }),
  });
}
