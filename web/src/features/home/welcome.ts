import type { User } from '@romshelf/contract';

/**
 * The home page's greeting (namespace `home`): "Welcome back" for someone who signed in before
 * this sign-in, "Welcome" on the first sign-in after setup or registration.
 */
export function welcomeKey(
  user: Pick<User, 'previous_login'> | null,
): 'home.welcome' | 'home.welcome-first' {
  return user !== null && user.previous_login !== null ? 'home.welcome' : 'home.welcome-first';
}
