import type { Scope } from '@romshelf/contract';

import type { SessionRow, UserRow } from '../db/schema.js';

/**
 * What a route requires. Every route of ours declares one in its `config.access`:
 * - `{ public: true }`: anyone; the handler may still look at `request.user`. `reason` records
 *   why a route that could look private is public on purpose (the route registry keeps it).
 *   `ownCredentials` lets the handler check HTTP Basic credentials itself (login), so that
 *   rate limiting runs before the password hash is computed.
 * - `{ scopes: [...] }`: an authenticated caller holding every listed scope
 *   (anonymous → 401, missing scope → 403). An empty list means "any signed-in user".
 *   `queryToken` also accepts a client token as `?token=` (feeds and their downloads, for
 *   console apps that cannot send an Authorization header).
 */
export type RouteAccess =
  | { public: true; ownCredentials?: boolean; reason?: string }
  | { scopes: readonly Scope[]; queryToken?: boolean };

export type AuthMethod = 'session' | 'basic' | 'bearer';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The authenticated user, or null for anonymous requests. */
    user: UserRow | null;
    /** The caller's scopes (empty when anonymous). */
    scopes: readonly Scope[];
    /** The session the request was authenticated with, if it came with a valid session cookie. */
    session: SessionRow | null;
    authMethod: AuthMethod | null;
    /** The device a bearer client token was approved for (device flow), else null. */
    tokenDeviceId: string | null;
  }
}

/** Route config for a public route. */
export const publicRoute = { access: { public: true } } as const satisfies {
  access: RouteAccess;
};

/** Route config for a route that needs the given scopes. */
export function requireScopes(...scopes: Scope[]): { access: RouteAccess } {
  return { access: { scopes } };
}

/** Route config for a route that needs the given scopes and also takes `?token=` (a client token). */
export function requireScopesOrQueryToken(...scopes: Scope[]): { access: RouteAccess } {
  return { access: { scopes, queryToken: true } };
}
