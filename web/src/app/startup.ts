import { fetchCurrentUser } from '@/shared/api/current-user';
import { fetchHeartbeat } from '@/shared/api/heartbeat';
import { fetchLibraryConfig } from '@/shared/api/library-config';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useConfigStore } from '@/shared/stores/config-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';

/**
 * Start-up loads (SPEC §4): heartbeat, current user and config, in parallel.
 * Each failure is only logged; start-up always continues.
 */
export async function loadStartupData(): Promise<void> {
  const [heartbeat, user, config] = await Promise.allSettled([
    fetchHeartbeat(),
    fetchCurrentUser(),
    fetchLibraryConfig(),
  ]);
  if (heartbeat.status === 'fulfilled') useHeartbeatStore.getState().setHeartbeat(heartbeat.value);
  else console.error('Could not load the heartbeat', heartbeat.reason);
  if (user.status === 'fulfilled') useAuthStore.getState().setUser(user.value);
  else console.error('Could not load the current user', user.reason);
  if (config.status === 'fulfilled') useConfigStore.getState().setConfig(config.value);
  else console.error('Could not load the library config', config.reason);
}
