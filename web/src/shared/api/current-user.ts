import { UserSchema } from '@romshelf/contract';
import type { User } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, ApiError } from '@/lib/api-client';

import { userKeys } from './user-keys';

/** GET /api/users/me — null when nobody is signed in (401). */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return UserSchema.parse(await api.get('/users/me', { preloadable: true }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: userKeys.me(), queryFn: fetchCurrentUser });

export function useCurrentUserQuery() {
  return useQuery(currentUserQueryOptions());
}
