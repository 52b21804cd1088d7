import { UserSchema } from '@romshelf/contract';
import type { User } from '@romshelf/contract';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export interface RegisterInput {
  username: string;
  /** Optional: '' registers without an address. */
  email: string;
  password: string;
  token: string;
}

/** POST /api/users/register with an invite token; answers the new user, not signed in. */
export async function registerUser(input: RegisterInput): Promise<User> {
  return UserSchema.parse(
    await api.post('/users/register', { json: input, allowUnauthorized: true }),
  );
}

export function useRegisterUserMutation() {
  return useMutation({ mutationFn: registerUser });
}
