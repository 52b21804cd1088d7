import {
  ErrorBodySchema,
  ForgotPasswordBodySchema,
  ResetPasswordBodySchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { publicRoute } from '../../http/access.js';
import type { AuthService } from './auth.service.js';
import type { PasswordResetService } from './password-reset.service.js';

/** Password resets; both routes answer 403 when only single sign-on is allowed. */
export const passwordResetRoutes: FastifyPluginAsyncZod<{
  resets: PasswordResetService;
  auth: AuthService;
}> = async (app, { resets, auth }) => {
  const passwordsAccepted = async () => {
    auth.assertPasswordsAccepted();
    await Promise.resolve();
  };

  app.post(
    '/api/forgot-password',
    {
      config: publicRoute,
      // Decided before the body is read, like every access check.
      onRequest: passwordsAccepted,
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset link (always answers 200)',
        body: ForgotPasswordBodySchema,
        response: {
          200: z.null(),
          403: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await resets.requestReset(
        request.body.username,
        `${request.protocol}://${request.host}`,
        request.ip,
      );
      return null;
    },
  );

  app.post(
    '/api/reset-password',
    {
      config: publicRoute,
      // Decided before the body is read, like every access check.
      onRequest: passwordsAccepted,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token (single use, 10 minutes)',
        body: ResetPasswordBodySchema,
        response: {
          200: z.null(),
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await resets.reset(request.body.token, request.body.new_password, request.ip);
      return null;
    },
  );

  await Promise.resolve();
};
