import { LogoutResponseSchema } from '@romshelf/contract';
import type { LogoutResponse } from '@romshelf/contract';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * POST /api/logout: ends the session and clears its cookies. With OIDC_RP_INITIATED_LOGOUT the
 * answer names the provider's logout URL for a single sign-on session.
 */
export async function logout(): Promise<LogoutResponse> {
  return LogoutResponseSchema.parse(await api.post('/logout'));
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
