import {
  ErrorBodySchema,
  ForgotPasswordBodySchema,
  ResetPasswordBodySchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { publicRoute } from '../../http/access.js';
import type { PasswordResetService } from './password-reset.service.js';

export const passwordResetRoutes: FastifyPluginAsyncZod<{ resets: PasswordResetService }> = async (
  app,
  { resets },
) => {
  app.post(
    '/api/forgot-password',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset link (always answers 200)',
        body: ForgotPasswordBodySchema,
        response: { 200: z.null(), 422: ErrorBodySchema },
      },
    },
    async (request) => {
      await resets.requestReset(request.body.username, `${request.protocol}://${request.host}`);
      return null;
    },
  );

  app.post(
    '/api/reset-password',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token (single use, 10 minutes)',
        body: ResetPasswordBodySchema,
        response: { 200: z.null(), 400: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request) => {
      await resets.reset(request.body.token, request.body.new_password);
      return null;
    },
  );

  await Promise.resolve();
};
