import {
  ErrorBodySchema,
  SetupLibrarySchema,
  SetupPlatformsBodySchema,
  SetupPlatformsResultSchema,
} from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { SetupService } from './setup.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** Anyone while no admin exists (first setup), then the scope: checked in `onRequest`. */
const setupAccess = {
  access: { public: true, reason: 'setup wizard: open until an admin exists' },
} as const;

const setupCaller = (request: FastifyRequest) => ({
  signedIn: request.user !== null,
  scopes: request.scopes,
});

export const setupRoutes: FastifyPluginAsyncZod<{ setup: SetupService }> = async (
  app,
  { setup },
) => {
  app.get(
    '/api/setup/library',
    {
      config: setupAccess,
      // The same scope as the write it prepares: a viewer has no business with the library's
      // folders (RomM answers its wizard step to admins only).
      onRequest: (request) => setup.assertMayUse(setupCaller(request), 'platforms.write'),
      schema: {
        tags: ['system'],
        summary: 'Setup wizard: library layout, platform folders with counts, unknown folders',
        response: { 200: SetupLibrarySchema, ...errors },
      },
    },
    () => setup.library(),
  );

  app.post(
    '/api/setup/platforms',
    {
      config: setupAccess,
      // Access is decided before the body is read.
      onRequest: (request) => setup.assertMayUse(setupCaller(request), 'platforms.write'),
      schema: {
        tags: ['system'],
        summary: 'Setup wizard: create platform folders and bind unknown folders to platforms',
        body: SetupPlatformsBodySchema,
        response: { 200: SetupPlatformsResultSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    (request) => setup.choosePlatforms(request.body),
  );

  await Promise.resolve();
};
