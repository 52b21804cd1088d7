import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { logout } from '../features/auth/api/logout';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useNavigationStore } from '@/shared/stores/navigation-store';

/**
 * Ends the session on the server, forgets the user locally and opens the login page — or the
 * identity provider's logout page when the server says so (OIDC_RP_INITIATED_LOGOUT).
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    let providerLogout: string | null = null;
    try {
      providerLogout = (await logout())?.oidc_logout_url ?? null;
    } catch (error) {
      console.error('Logout failed', error);
    }
    useAuthStore.getState().reset();
    useNavigationStore.getState().resetDrawers();
    queryClient.clear();
    if (providerLogout !== null) {
      window.location.assign(providerLogout);
      return;
    }
    await navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
