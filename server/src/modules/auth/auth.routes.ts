import { ErrorBodySchema, LogoutResponseSchema, SESSION_COOKIE } from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { clearSessionCookies, setSessionCookies } from '../../http/cookies.js';
import { HttpError } from '../../http/http-error.js';
import type { ZodApp } from '../../http/zod-app.js';
import { basicAuthHeader } from './basic-auth.js';
import type { AuthService } from './auth.service.js';
import type { OAuthService } from './oauth.service.js';
import type { OidcService } from './oidc.service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  oauth: OAuthService;
  oidc: OidcService;
  secureCookies: boolean;
  sessionMaxAgeSeconds: number;
}

/** Form fields of POST /api/token (OAuth2 password and refresh_token grants). */
const TokenBodySchema = z.object({
  grant_type: z.string().default('password'),
  username: z.string().optional(),
  password: z.string().optional(),
  scope: z.string().optional(),
  refresh_token: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});

const TokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires: z.number().int(),
  refresh_expires: z.number().int(),
});

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  sessionRoutes(app, options);
  tokenRoutes(app, options);
  await Promise.resolve();
};

/** Cookie sessions: signing in and out. */
function sessionRoutes(app: ZodApp, options: AuthRoutesOptions): void {
  const { auth, secureCookies } = options;

  app.post(
    '/api/login',
    {
      config: { access: { public: true, ownCredentials: true } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with HTTP Basic credentials; sets the session and CSRF cookies',
        security: [{ basicAuth: [] }],
        response: {
          200: z.null(),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await auth.authenticateBasic(request.headers.authorization, request.ip);
      const previous = request.cookies[SESSION_COOKIE];
      if (previous !== undefined && previous !== '') await auth.endSessionByToken(previous);
      const { token, session } = await auth.login(user, request.headers['user-agent']);
      setSessionCookies(
        reply,
        { token, csrfToken: session.csrf_token },
        { secure: secureCookies, maxAgeSeconds: options.sessionMaxAgeSeconds },
      );
      return reply.code(200).send(null);
    },
  );

  app.post(
    '/api/logout',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        summary:
          'End the current session and clear the cookies; with OIDC_RP_INITIATED_LOGOUT, ' +
          "answers the provider's logout URL for a single sign-on session",
        response: { 200: LogoutResponseSchema },
      },
    },
    async (request, reply) => {
      let providerLogout: string | null = null;
      if (request.session !== null) {
        providerLogout = await options.oidc.logoutUrl(request.session.id);
        await auth.logout(request.session.id);
      }
      clearSessionCookies(reply, secureCookies);
      return reply
        .code(200)
        .send(providerLogout === null ? null : { oidc_logout_url: providerLogout });
    },
  );
}

/** OAuth2 bearer tokens for apps. */
function tokenRoutes(app: ZodApp, options: AuthRoutesOptions): void {
  const { auth } = options;

  app.post(
    '/api/token',
    {
      config: { access: { public: true, ownCredentials: true } },
      schema: {
        tags: ['auth'],
        summary: 'OAuth2 token endpoint (form-encoded; password and refresh_token grants)',
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenBodySchema,
        response: {
          200: TokenPairSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { grant_type: grant, scope } = request.body;
      if (grant === 'refresh_token') {
        return options.oauth.refreshGrant(request.body.refresh_token, scope);
      }
      if (grant !== 'password') {
        throw new HttpError(400, `Unsupported grant type: ${grant.slice(0, 40)}`);
      }
      auth.assertPasswordsAccepted();
      const { username, password } = request.body;
      if (username === undefined || password === undefined || username === '') {
        throw new HttpError(400, 'Missing username or password');
      }
      const user = await auth.authenticateBasic(basicAuthHeader(username, password), request.ip);
      return options.oauth.passwordGrant(user, scope);
    },
  );
}
