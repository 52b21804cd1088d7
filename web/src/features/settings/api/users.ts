import { UserSchema } from '@romshelf/contract';
import type { User } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { userKeys } from '@/shared/api/user-keys';

/** GET /api/users (users.read): every account, for the administration page. */
export async function fetchUsers(): Promise<User[]> {
  return UserSchema.array().parse(await api.get('/users'));
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: userKeys.list(), queryFn: fetchUsers });

export function useUsersQuery(enabled = true) {
  return useQuery({ ...usersQueryOptions(), enabled });
}
