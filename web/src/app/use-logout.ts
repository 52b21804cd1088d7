import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { logout } from '../features/auth/api/logout';
import { useAuthStore } from '../lib/stores/auth-store';
import { useNavigationStore } from '../lib/stores/navigation-store';

/** Ends the session on the server, forgets the user locally and opens the login page. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      console.error('Logout failed', error);
    }
    useAuthStore.getState().reset();
    useNavigationStore.getState().resetDrawers();
    queryClient.clear();
    await navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
