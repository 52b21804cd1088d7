import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { forgotPassword } from './forgot-password';

export interface ResetPasswordInput {
  token: string;
  new_password: string;
}

/** POST /api/reset-password with the token from the reset link. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await api.post('/reset-password', { json: input, allowUnauthorized: true });
}

/**
 * With the reset link's `token`: sets the new password. Without one: asks for a reset link for
 * the username.
 */
export function usePasswordResetMutation(token: string) {
  return useMutation({
    mutationFn: ({ username, password }: { username: string; password: string }) =>
      token ? resetPassword({ token, new_password: password }) : forgotPassword(username),
  });
}
