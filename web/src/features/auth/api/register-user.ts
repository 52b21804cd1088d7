import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  token: string;
}

/** POST /api/users/register with an invite token. */
export async function registerUser(input: RegisterInput): Promise<void> {
  await api.post('/users/register', { json: input });
}

export function useRegisterUserMutation() {
  return useMutation({ mutationFn: registerUser });
}
