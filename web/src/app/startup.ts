import { SIGNED_IN_COOKIE } from '@romshelf/contract';

import { readCookie } from '@/lib/cookies';
import { fetchCurrentUser } from '@/shared/api/current-user';
import { fetchHeartbeat } from '@/shared/api/heartbeat';
import { fetchLibraryConfig } from '@/shared/api/library-config';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useConfigStore } from '@/shared/stores/config-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';

/**
 * Start-up loads (SPEC §4): heartbeat, current user and config, in parallel.
 * Each failure is only logged; start-up always continues. The current user is asked for only
 * while the browser holds a session (the server's signed-in cookie): signed out, the answer
 * would be a 401 in the console.
 */
export async function loadStartupData(): Promise<void> {
  const signedIn = readCookie(SIGNED_IN_COOKIE) !== null;
  const [heartbeat, user, config] = await Promise.allSettled([
    fetchHeartbeat(),
    signedIn ? fetchCurrentUser() : Promise.resolve(null),
    fetchLibraryConfig(),
  ]);
  if (heartbeat.status === 'fulfilled') useHeartbeatStore.getState().setHeartbeat(heartbeat.value);
  else console.error('Could not load the heartbeat', heartbeat.reason);
  if (user.status === 'fulfilled') useAuthStore.getState().setUser(user.value);
  else console.error('Could not load the current user', user.reason);
  if (config.status === 'fulfilled') useConfigStore.getState().setConfig(config.value);
  else console.error('Could not load the library config', config.reason);
}
