import { useMutation } from '@tanstack/react-query';

import { fetchCurrentUser } from '@/shared/api/current-user';
import { fetchLibraryConfig } from '@/shared/api/library-config';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useConfigStore } from '@/shared/stores/config-store';
import { login } from './login';
import type { Credentials } from './login';

/** Signs in, then loads the user (and the config, which may need a session). */
export async function signIn(credentials: Credentials): Promise<void> {
  await login(credentials);
  const user = await fetchCurrentUser();
  useAuthStore.getState().setUser(user);
  fetchLibraryConfig().then(
    (config) => useConfigStore.getState().setConfig(config),
    (error: unknown) => console.error('Could not load the library config', error),
  );
}

export function useSignInMutation(onSuccess: () => void) {
  return useMutation({ mutationFn: signIn, onSuccess });
}
