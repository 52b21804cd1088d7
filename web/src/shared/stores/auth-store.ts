import type { User } from '@romshelf/contract';
import { create } from 'zustand';

/** Who is signed in (SPEC §3 auth state). `oauth_scopes` is exposed to the app as the user's scopes. */
export interface AuthState {
  user: User | null;
  oauth_scopes: string[];
  setUser: (user: User | null) => void;
  reset: () => void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  user: null,
  oauth_scopes: [],
  setUser: (user) => set({ user, oauth_scopes: user ? [...user.oauth_scopes] : [] }),
  reset: () => set({ user: null, oauth_scopes: [] }),
}));

/** True when the signed-in user holds every given scope. */
export function hasScopes(granted: readonly string[], required: readonly string[]): boolean {
  return required.every((scope) => granted.includes(scope));
}
