import { CSRF_COOKIE, ErrorBodySchema, SESSION_COOKIE } from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { csrfCookieOptions, sessionCookieOptions } from '../../http/cookies.js';
import { HttpError } from '../../http/http-error.js';
import { parseBasicAuth } from './basic-auth.js';
import type { AuthService } from './auth.service.js';
import { INCORRECT_CREDENTIALS } from './auth.service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  secureCookies: boolean;
  sessionMaxAgeSeconds: number;
  disableUserpassLogin: boolean;
}

/** Login attempts allowed per client address and username within a minute. */
export const LOGIN_ATTEMPTS_PER_MINUTE = 10;

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, secureCookies } = options;

  app.post(
    '/api/login',
    {
      config: {
        access: { public: true, ownCredentials: true },
        rateLimit: {
          max: LOGIN_ATTEMPTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => {
            const username = parseBasicAuth(request.headers.authorization)?.username ?? '';
            return `${request.ip}|${username.toLowerCase()}`;
          },
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              429,
              `Too many login attempts, try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds`,
            ),
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with HTTP Basic credentials; sets the session and CSRF cookies',
        security: [{ basicAuth: [] }],
        response: { 200: z.null(), 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (options.disableUserpassLogin) {
        throw new HttpError(403, 'Username/password login is disabled');
      }
      if (request.headers.authorization === undefined) {
        throw new HttpError(401, INCORRECT_CREDENTIALS, { 'www-authenticate': 'Basic' });
      }
      const user = await auth.authenticateBasic(request.headers.authorization);
      const previous = request.cookies[SESSION_COOKIE];
      if (previous !== undefined && previous !== '') await auth.endSessionByToken(previous);
      const { token, session } = await auth.login(user, request.headers['user-agent']);
      reply.setCookie(
        SESSION_COOKIE,
        token,
        sessionCookieOptions(secureCookies, options.sessionMaxAgeSeconds),
      );
      reply.setCookie(CSRF_COOKIE, session.csrf_token, csrfCookieOptions(secureCookies));
      return reply.code(200).send(null);
    },
  );

  app.post(
    '/api/logout',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        summary: 'End the current session and clear the cookies',
        response: { 200: z.null() },
      },
    },
    async (request, reply) => {
      if (request.session !== null) await auth.logout(request.session.id);
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(secureCookies, 0));
      reply.clearCookie(CSRF_COOKIE, csrfCookieOptions(secureCookies));
      return reply.code(200).send(null);
    },
  );

  await Promise.resolve();
};
