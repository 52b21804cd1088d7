import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** POST /api/logout: ends the session and clears its cookies. */
export async function logout(): Promise<void> {
  await api.post('/logout');
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
