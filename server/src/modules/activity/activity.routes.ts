import {
  ActivityEntrySchema,
  ActivityRomParamsSchema,
  DeviceHeartbeatBodySchema,
  DeviceHeartbeatClearQuerySchema,
  ErrorBodySchema,
} from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { callerOf } from '../../http/caller.js';
import type { ActivityService, ActivityViewer } from './activity.service.js';

interface ActivityRoutesOptions {
  activity: ActivityService;
}

const tags = ['activity'];
const denied = { 401: ErrorBodySchema, 403: ErrorBodySchema };

function viewerOf(request: FastifyRequest): ActivityViewer {
  return { id: callerOf(request).id, seesEveryone: request.scopes.includes('users.read') };
}

/** RomM's `/api/activity`: who is playing what right now, and devices reporting their play. */
export const activityRoutes: FastifyPluginAsyncZod<ActivityRoutesOptions> = async (
  app,
  { activity },
) => {
  app.get(
    '/api/activity',
    {
      config: requireScopes('roms.user.read'),
      schema: {
        tags,
        summary:
          "Everyone playing right now: your own plays, and others' where they share their " +
          "activity (everyone's with users.read)",
        response: { 200: z.array(ActivityEntrySchema), ...denied },
      },
    },
    (request) => activity.list(viewerOf(request)),
  );

  app.get(
    '/api/activity/rom/:rom_id',
    {
      config: requireScopes('roms.user.read'),
      schema: {
        tags,
        summary: 'Everyone playing one game right now (as GET /api/activity)',
        params: ActivityRomParamsSchema,
        response: { 200: z.array(ActivityEntrySchema), ...denied },
      },
    },
    (request) => activity.listForRom(request.params.rom_id, viewerOf(request)),
  );

  app.post(
    '/api/activity/heartbeat',
    {
      config: requireScopes('roms.user.write'),
      schema: {
        tags,
        summary:
          'A device of yours is playing a game: starts or renews its entry (ends after 90 s ' +
          'without a heartbeat)',
        body: DeviceHeartbeatBodySchema,
        response: {
          200: ActivityEntrySchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          ...denied,
        },
      },
    },
    (request) =>
      activity.deviceHeartbeat(callerOf(request), request.body.rom_id, request.body.device_id),
  );

  app.delete(
    '/api/activity/heartbeat',
    {
      config: requireScopes('roms.user.write'),
      schema: {
        tags,
        summary: 'A device of yours stopped playing: its entry ends at once',
        querystring: DeviceHeartbeatClearQuerySchema,
        response: { 204: z.null(), 422: ErrorBodySchema, ...denied },
      },
    },
    async (request, reply) => {
      await activity.stop(callerOf(request).id, request.query.device_id);
      return reply.code(204).send(null);
    },
  );
  await Promise.resolve();
};
