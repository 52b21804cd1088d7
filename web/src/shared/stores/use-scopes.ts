import { hasScopes, useAuthStore } from '@/shared/stores/auth-store';

/** True when the signed-in user holds every given scope. */
export function useHasScopes(...required: string[]): boolean {
  const granted = useAuthStore((state) => state.oauth_scopes);
  return hasScopes(granted, required);
}
