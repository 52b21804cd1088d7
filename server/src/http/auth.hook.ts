import type { Scope } from '@romshelf/contract';
import { SESSION_COOKIE } from '@romshelf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { UserRow } from '../db/schema.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import { isBasicAuthHeader } from '../modules/auth/basic-auth.js';
import type { OAuthService } from '../modules/auth/oauth.service.js';
import type { ClientTokensService } from '../modules/client-tokens/client-tokens.service.js';
import { isClientToken } from '../modules/client-tokens/client-tokens.service.js';
import type { PermissionsService } from '../modules/permissions/permissions.service.js';
import type { RouteAccess } from './access.js';
import { ensureCsrfCookie, verifyCsrf } from './csrf.js';
import { forbidden, notAuthenticated } from './http-error.js';
import type { KioskSettings } from './kiosk-access.js';
import { kioskMayUse } from './kiosk-access.js';
import { syncSignedInCookie } from './signed-in-cookie.js';

/**
 * Access rule of a request's route. API routes that forgot to declare one require a signed-in
 * user (fail closed); routes added by plugins outside the API (static files, the docs UI) are
 * public. The route pattern is used, not the URL: the static wildcard also sees /api/... URLs.
 */
function accessOf(request: FastifyRequest): RouteAccess {
  const declared = request.routeOptions.config.access;
  if (declared !== undefined) return declared;
  const pattern = request.routeOptions.url ?? '';
  const isApi = pattern.startsWith('/api/') && !pattern.startsWith('/api/docs');
  return isApi ? { scopes: [] } : { public: true };
}

/** A client token given as `?token=` to a route that takes one, else undefined. */
function queryTokenOf(request: FastifyRequest, access: RouteAccess): string | undefined {
  if (!('scopes' in access) || access.queryToken !== true) return undefined;
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && isClientToken(token) ? token : undefined;
}

/** A bearer token's user, scopes and device, for the request. */
function signInWithToken(
  request: FastifyRequest,
  found: { user: UserRow; scopes: readonly Scope[]; deviceId: string | null },
): void {
  request.user = found.user;
  request.scopes = found.scopes;
  request.tokenDeviceId = found.deviceId;
}

/**
 * What the signed-in user holds now (their group's and their own scopes); a bearer token gets
 * those it carries only, so a token never grants more than its user's current scopes.
 */
async function currentScopes(
  request: FastifyRequest,
  user: UserRow,
  permissions: Pick<PermissionsService, 'scopesOf'>,
): Promise<readonly Scope[]> {
  const held = await permissions.scopesOf(user);
  if (request.authMethod !== 'bearer') return held;
  const carried = new Set(request.scopes);
  return held.filter((scope) => carried.has(scope));
}

/** The request fields the hook below sets on every request. */
function decorateCallerFields(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  // Set on every request by the hook; null is only the pre-hook placeholder.
  app.decorateRequest('scopes', null as unknown as readonly Scope[]);
  app.decorateRequest('session', null);
  app.decorateRequest('authMethod', null);
  app.decorateRequest('tokenDeviceId', null);
}

/**
 * Identifies every request (session cookie, HTTP Basic, OAuth or client-token bearer, a client
 * token in the query where the route takes one), applies the CSRF check, hands out
 * the CSRF cookie, then enforces the route's declared access. In kiosk mode a visitor without
 * credentials reads the library (kiosk-access.ts).
 */
export function registerAuthHook(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    oauth: OAuthService;
    clientTokens: ClientTokensService;
    permissions: Pick<PermissionsService, 'scopesOf'>;
    secureCookies: boolean;
    sessionMaxAgeSeconds: number;
    kiosk: KioskSettings;
  },
): void {
  decorateCallerFields(app);
  app.addHook('onRequest', async (request, reply) => {
    request.user = null;
    request.scopes = [];
    request.session = null;
    request.authMethod = null;
    request.tokenDeviceId = null;

    const access = accessOf(request);
    const authorization = request.headers.authorization;
    // Credential endpoints (login, token) check what they are given themselves; a browser's
    // session cookie is ignored there, so it cannot trigger the CSRF check (as in RomM).
    const handlerChecks = 'public' in access && access.ownCredentials === true;
    const queryToken = authorization === undefined ? queryTokenOf(request, access) : undefined;
    if (authorization !== undefined) {
      // Basic credentials and bearer tokens are checked on every request; other schemes leave
      // the request anonymous.
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
      if (isBasicAuthHeader(authorization) && !handlerChecks) {
        request.user = await deps.auth.authenticateBasic(authorization, request.ip);
        request.authMethod = 'basic';
      } else if (bearer !== undefined && !handlerChecks) {
        // `rmm_…` is a client API token; anything else an OAuth access token (JWT).
        const found = isClientToken(bearer)
          ? await deps.clientTokens.authenticate(bearer)
          : { ...(await deps.oauth.authenticateAccess(bearer)), deviceId: null };
        signInWithToken(request, found);
        request.authMethod = 'bearer';
      }
    } else if (queryToken !== undefined) {
      signInWithToken(request, await deps.clientTokens.authenticate(queryToken));
      request.authMethod = 'bearer';
    } else if (!handlerChecks) {
      const token = request.cookies[SESSION_COOKIE];
      if (token !== undefined && token !== '') {
        const found = await deps.auth.resolveSession(token);
        if (found !== null) {
          request.user = found.user;
          request.session = found.session;
          request.authMethod = 'session';
        }
      }
    }
    if (request.user !== null)
      request.scopes = await currentScopes(request, request.user, deps.permissions);

    ensureCsrfCookie(request, reply, deps.secureCookies);
    if (authorization === undefined && queryToken === undefined && !handlerChecks) {
      syncSignedInCookie(request, reply, {
        secure: deps.secureCookies,
        maxAgeSeconds: deps.sessionMaxAgeSeconds,
      });
    }
    verifyCsrf(request);

    if (request.is404 || 'public' in access) return;
    // A kiosk visitor holds no scopes: handlers see an anonymous caller.
    if (request.user === null && kioskMayUse(request, access.scopes, deps.kiosk)) return;
    if (request.user === null) throw notAuthenticated();
    const held = new Set<string>(request.scopes);
    if (!access.scopes.every((scope) => held.has(scope))) throw forbidden();
  });
}
