import { UserSchema } from '@romshelf/contract';
import type { Role, User } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { userKeys } from '@/shared/api/user-keys';

export interface CreateUserInput {
  username: string;
  password: string;
  email: string;
  role: Role;
}

/** POST /api/users (users.write): an administrator adds an account. */
export async function createUser(input: CreateUserInput): Promise<User> {
  return UserSchema.parse(await api.post('/users', { json: input }));
}

export function useCreateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }),
  });
}
