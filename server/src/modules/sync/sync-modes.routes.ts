import { DeviceIdParamsSchema, ErrorBodySchema, SyncSessionSchema } from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopes } from '../../http/access.js';
import { callerOf } from '../../http/caller.js';
import type { SyncModesService } from './sync-modes.service.js';

/** RomM's `POST /api/sync/devices/{id}/push-pull`: a push_pull device's sync, now. */
export const syncModesRoutes: FastifyPluginAsyncZod<{ modes: SyncModesService }> = async (
  app,
  { modes },
) => {
  app.post(
    '/api/sync/devices/:device_id/push-pull',
    {
      config: requireScopes('devices.write'),
      schema: {
        tags: ['sync'],
        summary:
          'Sync a push_pull device now: the server reaches it over SSH/SFTP and syncs its save ' +
          'folders; answers the session, whose progress arrives as sync:* socket events',
        params: DeviceIdParamsSchema,
        response: {
          200: SyncSessionSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request) => modes.pushPull(callerOf(request).id, request.params.device_id),
  );
  await Promise.resolve();
};
