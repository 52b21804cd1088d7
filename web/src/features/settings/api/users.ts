import { UserSchema } from '@romshelf/contract';
import type { User } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const USERS_KEY = ['users', 'list'] as const;

/** GET /api/users (users.read): every account, for the administration page. */
export async function fetchUsers(): Promise<User[]> {
  return UserSchema.array().parse(await api.get('/users'));
}

export const usersQueryOptions = () => queryOptions({ queryKey: USERS_KEY, queryFn: fetchUsers });

export function useUsersQuery(enabled = true) {
  return useQuery({ ...usersQueryOptions(), enabled });
}
