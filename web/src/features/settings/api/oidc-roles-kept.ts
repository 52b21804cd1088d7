import { OidcRoleKeptListSchema } from '@romshelf/contract';
import type { OidcRoleKept } from '@romshelf/contract';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { settingsKeys } from './settings-keys';

/** GET /api/oidc/roles-kept (users.write): admins single sign-on could not demote. */
export async function fetchOidcRolesKept(): Promise<OidcRoleKept[]> {
  return OidcRoleKeptListSchema.parse(await api.get('/oidc/roles-kept'));
}

export function useOidcRolesKeptQuery(enabled: boolean) {
  return useQuery({ queryKey: settingsKeys.oidcRolesKept(), queryFn: fetchOidcRolesKept, enabled });
}
