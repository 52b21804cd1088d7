import { ErrorBodySchema, OidcRoleKeptListSchema, SESSION_COOKIE } from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { publicRoute, requireScopes } from '../../http/access.js';
import { setSessionCookies } from '../../http/cookies.js';
import { HttpError } from '../../http/http-error.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { AuthService } from './auth.service.js';
import { OIDC_STATE_COOKIE, OIDC_STATE_SECONDS, OidcLoginFailure } from './oidc.service.js';
import type { OidcService } from './oidc.service.js';

export interface OidcRoutesOptions {
  oidc: OidcService;
  auth: AuthService;
  secureCookies: boolean;
  sessionMaxAgeSeconds: number;
}

export const oidcRoutes: FastifyPluginAsyncZod<OidcRoutesOptions> = async (app, options) => {
  signInRoutes(app, options);
  rolesKeptRoutes(app, options);
  await Promise.resolve();
};

/** The single sign-on round trip: off to the provider and back with a session. */
function signInRoutes(app: ZodApp, options: OidcRoutesOptions): void {
  const { oidc, auth, secureCookies } = options;
  const stateCookieOptions = (maxAge: number) => ({
    path: '/api/oauth',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies,
    maxAge,
  });

  app.get(
    '/api/login/openid',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary:
          'Start single sign-on: redirects to the OIDC provider (or /login?error=oidc_unavailable)',
        response: { 404: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      if (!oidc.enabled) throw new HttpError(404, 'OIDC is not enabled');
      let started;
      try {
        started = await oidc.start();
      } catch (error) {
        if (error instanceof OidcLoginFailure) {
          return reply.redirect(`/login?error=${error.code}`, 302);
        }
        throw error;
      }
      reply.setCookie(
        OIDC_STATE_COOKIE,
        started.stateCookie,
        stateCookieOptions(OIDC_STATE_SECONDS),
      );
      return reply.redirect(started.url, 302);
    },
  );

  app.get(
    '/api/oauth/openid',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'OIDC callback: signs in and redirects to / (or /login?error=<code>)',
        response: { 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (!oidc.enabled) throw new HttpError(404, 'OIDC is not enabled');
      reply.clearCookie(OIDC_STATE_COOKIE, stateCookieOptions(0));
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      let target = '/';
      try {
        const { user, idToken } = await oidc.finish(query, request.cookies[OIDC_STATE_COOKIE]);
        const previous = request.cookies[SESSION_COOKIE];
        if (previous !== undefined && previous !== '') await auth.endSessionByToken(previous);
        const { token, session } = await auth.login(user, request.headers['user-agent']);
        await oidc.rememberSession(session.id, idToken);
        setSessionCookies(
          reply,
          { token, csrfToken: session.csrf_token },
          { secure: secureCookies, maxAgeSeconds: options.sessionMaxAgeSeconds },
        );
      } catch (error) {
        if (!(error instanceof OidcLoginFailure)) throw error;
        target = `/login?error=${error.code}`;
      }
      return reply.redirect(target, 302);
    },
  );
}

function rolesKeptRoutes(app: ZodApp, { oidc }: OidcRoutesOptions): void {
  app.get(
    '/api/oidc/roles-kept',
    {
      config: requireScopes('users.write'),
      schema: {
        tags: ['auth'],
        summary:
          'Administrators kept so although the provider gave them a lower role (the last admin)',
        response: { 200: OidcRoleKeptListSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    () => oidc.rolesKept(),
  );
}
