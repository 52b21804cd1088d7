import { HiddenItemSchema, PermissionGroupSchema, UserSchema } from '@romshelf/contract';
import type { HiddenItem } from '@romshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useAuthStore } from '@/shared/stores/auth-store';

/** What can be hidden: RomM's entity names. */
export type HiddenEntity = HiddenItem['entity'];

/** Someone a platform or game can be hidden from: a permission group or one user. */
export interface HidePrincipal {
  kind: 'group' | 'user';
  id: number;
  name: string;
}

export const hiddenItemKeys = {
  all: ['hidden-items'] as const,
  principals: ['hidden-items', 'principals'] as const,
};

/** Whether the signed-in user is an administrator (who hides things, and sees all of them). */
export function useIsAdmin(): boolean {
  return useAuthStore((state) => state.user?.role === 'admin');
}

/** GET /api/permissions/hidden (admins): every hidden item and whom it is hidden from. */
export function useHiddenItemsQuery(enabled: boolean) {
  return useQuery({
    queryKey: hiddenItemKeys.all,
    queryFn: async () => HiddenItemSchema.array().parse(await api.get('/permissions/hidden')),
    enabled,
  });
}

/**
 * The groups and users something can be hidden from: every group but the administrators',
 * every user but administrators (they always see everything).
 */
export function useHidePrincipalsQuery(enabled: boolean) {
  return useQuery({
    queryKey: hiddenItemKeys.principals,
    queryFn: async (): Promise<HidePrincipal[]> => {
      const groups = PermissionGroupSchema.array().parse(await api.get('/permissions/groups'));
      const users = UserSchema.array().parse(await api.get('/users'));
      return [
        ...groups
          // The administrators' group (a built-in one of the permission groups) sees everything.
          .filter((group) => (group.system_key as string | null) !== 'admin')
          .map((group) => ({ kind: 'group' as const, id: group.id, name: group.name })),
        ...users
          .filter((user) => user.role !== 'admin')
          .map((user) => ({ kind: 'user' as const, id: user.id, name: user.username })),
      ];
    },
    enabled,
  });
}

/** The names of whom an item is hidden from, in the listing's order. */
export function hiddenFrom(
  items: readonly HiddenItem[] | undefined,
  entity: HiddenEntity,
  id: number,
): string[] {
  return (items ?? [])
    .filter((item) => item.entity === entity && item.entity_id === id)
    .map((item) => item.principal_name);
}

/** Whether the item is hidden from the principal. */
export function isHiddenFrom(
  items: readonly HiddenItem[] | undefined,
  entity: HiddenEntity,
  id: number,
  principal: HidePrincipal,
): boolean {
  return (items ?? []).some(
    (item) =>
      item.entity === entity &&
      item.entity_id === id &&
      (principal.kind === 'group' ? item.group_id : item.user_id) === principal.id,
  );
}

/** POST (hide) or DELETE (show again) /api/permissions/hidden. */
export function useHideMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      entity,
      entityId,
      principal,
      hide,
    }: {
      entity: HiddenEntity;
      entityId: number;
      principal: HidePrincipal;
      hide: boolean;
    }) => {
      const json = {
        entity,
        entity_id: entityId,
        [principal.kind === 'group' ? 'group_id' : 'user_id']: principal.id,
      };
      return hide
        ? api.post('/permissions/hidden', { json })
        : api.delete('/permissions/hidden', { json });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: hiddenItemKeys.all }),
  });
}
