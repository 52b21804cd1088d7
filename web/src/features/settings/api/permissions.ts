import { PermissionGroupSchema, UserPermissionsSchema } from '@romshelf/contract';
import type {
  CreatePermissionGroupBody,
  PermissionGroup,
  UpdatePermissionGroupBody,
  UpdateUserPermissionsBody,
  UserPermissions,
} from '@romshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { userKeys } from '@/shared/api/user-keys';

/** The query keys of permission groups and users' permissions (administrators). */
export const permissionKeys = {
  all: ['permissions', 'admin'] as const,
  groups: () => [...permissionKeys.all, 'groups'] as const,
  user: (id: number) => [...permissionKeys.all, 'user', id] as const,
};

/** GET /api/permissions/groups. */
export function usePermissionGroupsQuery() {
  return useQuery({
    queryKey: permissionKeys.groups(),
    queryFn: async () => PermissionGroupSchema.array().parse(await api.get('/permissions/groups')),
  });
}

/** GET /api/permissions/users/{id}: the user's group and their own grants and denials. */
export function useUserPermissionsQuery(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: permissionKeys.user(userId),
    queryFn: async () =>
      UserPermissionsSchema.parse(await api.get(`/permissions/users/${String(userId)}`)),
    enabled,
  });
}

/** Refetches groups (member counts) and users (their groups and scopes) after a change. */
function useRefreshPermissions() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: permissionKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
    ]);
  };
}

/** POST /api/permissions/groups, or PUT /api/permissions/groups/{id} with `id`. */
export function useSaveGroupMutation() {
  const refresh = useRefreshPermissions();
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: number | null;
      body: CreatePermissionGroupBody & UpdatePermissionGroupBody;
    }): Promise<PermissionGroup> =>
      PermissionGroupSchema.parse(
        id === null
          ? await api.post('/permissions/groups', { json: body })
          : await api.put(`/permissions/groups/${String(id)}`, { json: body }),
      ),
    onSuccess: refresh,
  });
}

/** DELETE /api/permissions/groups/{id}: its members join the default group. */
export function useDeleteGroupMutation() {
  const refresh = useRefreshPermissions();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/permissions/groups/${String(id)}`);
    },
    onSuccess: refresh,
  });
}

/** PUT /api/permissions/users/{id}: the user's group and their own grants and denials. */
export function useUpdateUserPermissionsMutation() {
  const refresh = useRefreshPermissions();
  return useMutation({
    mutationFn: async ({
      userId,
      body,
    }: {
      userId: number;
      body: UpdateUserPermissionsBody;
    }): Promise<UserPermissions> =>
      UserPermissionsSchema.parse(
        await api.put(`/permissions/users/${String(userId)}`, { json: body }),
      ),
    onSuccess: refresh,
  });
}
