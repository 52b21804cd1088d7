import { UserSchema } from '@romshelf/contract';
import type { User } from '@romshelf/contract';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { signIn } from './sign-in';

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

/**
 * Registers with the invite `token`, then signs in with the new account; answers whether the
 * sign-in worked (registered but not signed in, the page links to the login).
 */
export function useRegisterAndSignInMutation(token: string, onSignedIn: () => void) {
  return useMutation({
    mutationFn: async (account: Omit<RegisterInput, 'token'>) => {
      await registerUser({ ...account, token });
      return signIn({ username: account.username, password: account.password }).then(
        () => true,
        () => false,
      );
    },
    onSuccess: (signedIn) => {
      if (signedIn) onSignedIn();
    },
  });
}
