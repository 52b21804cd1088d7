import { CSRF_COOKIE, ErrorBodySchema, SESSION_COOKIE } from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { csrfCookieOptions, sessionCookieOptions } from '../../http/cookies.js';
import { HttpError } from '../../http/http-error.js';
import { parseBasicAuth } from './basic-auth.js';
import { LoginThrottle } from './login-throttle.js';
import type { AuthService } from './auth.service.js';
import { INCORRECT_CREDENTIALS } from './auth.service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  secureCookies: boolean;
  sessionMaxAgeSeconds: number;
  disableUserpassLogin: boolean;
}

/** Failed login attempts allowed per client address and username within a minute. */
export const LOGIN_FAILURES_PER_MINUTE = 10;

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, secureCookies } = options;
  const throttle = new LoginThrottle(LOGIN_FAILURES_PER_MINUTE, 60_000);

  app.post(
    '/api/login',
    {
      config: { access: { public: true, ownCredentials: true } },
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
      const authorization = request.headers.authorization;
      const username = parseBasicAuth(authorization)?.username.toLowerCase() ?? '';
      const throttleKey = `${request.ip}|${username}`;
      const wait = throttle.retryAfterSeconds(throttleKey);
      if (wait > 0) {
        throw new HttpError(429, `Too many login attempts, try again in ${wait} seconds`, {
          'retry-after': String(wait),
        });
      }
      let user;
      try {
        if (authorization === undefined) {
          throw new HttpError(401, INCORRECT_CREDENTIALS, { 'www-authenticate': 'Bearer' });
        }
        user = await auth.authenticateBasic(authorization);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) {
          throttle.recordFailure(throttleKey);
        }
        throw error;
      }
      throttle.reset(throttleKey);
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
