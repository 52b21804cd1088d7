import type { User } from '@romshelf/contract';

import { loginPathWithNext } from '../lib/api-client';

export const SETUP_PATH = '/setup';
/** The wizard's library step, right after the admin account is created. */
export const SETUP_LIBRARY_PATH = '/setup/library';
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
/** Reachable without a signed-in user (SPEC §2). */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/reset-password', '/register'];
/** What a kiosk visitor may browse: home, search, galleries and game pages. */
const KIOSK_PATHS = [
  /^\/$/,
  /^\/search$/,
  /^\/platform\/[^/]+$/,
  /^\/collection\//,
  /^\/rom\/[^/]+$/,
];
/** The players, for kiosk visitors allowed to play. */
const KIOSK_PLAY_PATHS = [/^\/rom\/[^/]+\/(ejs|ruffle)$/];

export interface GuardRoute {
  /** Location pathname, e.g. `/platform/3`. */
  path: string;
  /** Location search string, kept in `next`; optional. */
  search?: string;
  /** Scopes the route needs; none means any signed-in user. */
  scopes?: readonly string[];
}

export interface GuardInput {
  showSetupWizard: boolean;
  user: Pick<User, 'id'> | null;
  scopes: readonly string[];
  route: GuardRoute;
  /** Set for an anonymous visitor of a kiosk-mode server (`scopes` are then the visitor's). */
  kiosk?: { allowPlay: boolean };
}

export type GuardDecision =
  { allow: true } | { allow: false; redirect: string } | { allow: false; notFound: true };

/** Where a signed-out visitor goes: login, remembering the wanted page unless it is home. */
function loginRedirect(route: GuardRoute): string {
  const wanted = route.path + (route.search ?? '');
  return wanted === HOME_PATH ? LOGIN_PATH : loginPathWithNext(wanted);
}

/** The route guard of SPEC §2, in its order. Pure: the wiring lives in the root route. */
/** Whether a kiosk visitor may open a page. */
function kioskMayOpen(route: GuardRoute, scopes: readonly string[], allowPlay: boolean): boolean {
  const paths = allowPlay ? [...KIOSK_PATHS, ...KIOSK_PLAY_PATHS] : KIOSK_PATHS;
  const required = route.scopes ?? [];
  return (
    paths.some((pattern) => pattern.test(route.path)) &&
    required.every((scope) => scopes.includes(scope))
  );
}

export function decideNavigation({
  showSetupWizard,
  user,
  scopes,
  route,
  kiosk,
}: GuardInput): GuardDecision {
  // 1. Setup wizard pending: everything goes to setup (the library step follows the account).
  if (showSetupWizard) {
    return route.path === SETUP_PATH || route.path === SETUP_LIBRARY_PATH
      ? { allow: true }
      : { allow: false, redirect: SETUP_PATH };
  }
  // 2. Signed out: only login, reset-password and register (and browsing, in kiosk mode).
  if (!user) {
    return PUBLIC_PATHS.includes(route.path) ||
      (kiosk !== undefined && kioskMayOpen(route, scopes, kiosk.allowPlay))
      ? { allow: true }
      : { allow: false, redirect: loginRedirect(route) };
  }
  // 3. Setup is done: a signed-in user at setup goes home.
  if (route.path === SETUP_PATH) return { allow: false, redirect: HOME_PATH };
  // 4. Missing scopes: not found.
  const required = route.scopes ?? [];
  if (!required.every((scope) => scopes.includes(scope))) return { allow: false, notFound: true };
  return { allow: true };
}

/** Runs the guard; any error is logged and sends the user to login (SPEC §2, last rule). */
export function safeDecideNavigation(
  read: () => GuardInput,
  decide: (input: GuardInput) => GuardDecision = decideNavigation,
): GuardDecision {
  try {
    return decide(read());
  } catch (error) {
    console.error('Route guard failed', error);
    return { allow: false, redirect: LOGIN_PATH };
  }
}
