import { UserSchema } from '@romshelf/contract';
import type { User } from '@romshelf/contract';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { signIn } from './sign-in';

export interface FirstAdminInput {
  username: string;
  email: string;
  password: string;
}

/** POST /api/users without a session: creates the first administrator while setup is pending. */
export async function createFirstAdmin(input: FirstAdminInput): Promise<User> {
  return UserSchema.parse(await api.post('/users', { json: { ...input, role: 'admin' } }));
}

/** Creates the first administrator and signs in as them. */
export function useSetUpFirstAdminMutation(onSuccess: () => void | Promise<void>) {
  return useMutation({
    mutationFn: async (account: FirstAdminInput) => {
      await createFirstAdmin(account);
      await signIn({ username: account.username, password: account.password });
    },
    onSuccess,
  });
}
