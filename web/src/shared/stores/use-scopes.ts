import { hasScopes } from '@/shared/stores/auth-store';
import { useEffectiveScopes } from '@/shared/stores/kiosk';

/** True when the signed-in user (or a kiosk visitor) holds every given scope. */
export function useHasScopes(...required: string[]): boolean {
  return hasScopes(useEffectiveScopes(), required);
}
