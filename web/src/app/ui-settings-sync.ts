import { useAuthStore } from '@/shared/stores/auth-store';
import { useUiSettingsStore } from '@/shared/stores/ui-settings-store';

/**
 * Applies the signed-in user's interface settings now and whenever someone else signs in (or
 * out). Returns the function that stops following.
 */
export function followUserUiSettings(): () => void {
  let userId = useAuthStore.getState().user?.id ?? null;
  useUiSettingsStore.getState().apply(useAuthStore.getState().user);
  return useAuthStore.subscribe((state) => {
    const id = state.user?.id ?? null;
    if (id === userId) return;
    userId = id;
    useUiSettingsStore.getState().apply(state.user);
  });
}
