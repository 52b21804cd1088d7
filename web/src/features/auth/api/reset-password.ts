import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export interface ResetPasswordInput {
  token: string;
  new_password: string;
}

/** POST /api/reset-password with the token from the reset link. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await api.post('/reset-password', { json: input, allowUnauthorized: true });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
