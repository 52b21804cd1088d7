import { UserSchema } from '@romshelf/contract';
import type { User } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { userKeys } from '@/shared/api/user-keys';

/** GET /api/users/{id}: oneself, or anyone with users.read (403/404 otherwise). */
export async function fetchUser(id: number): Promise<User> {
  return UserSchema.parse(await api.get(`/users/${String(id)}`));
}

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: () => fetchUser(id), retry: false });

export function useUserQuery(id: number, enabled = true) {
  return useQuery({ ...userQueryOptions(id), enabled });
}
