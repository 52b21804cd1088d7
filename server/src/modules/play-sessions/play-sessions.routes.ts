import {
  ErrorBodySchema,
  PlaySessionIdParamsSchema,
  PlaySessionIngestBodySchema,
  PlaySessionIngestResponseSchema,
  PlaySessionListQuerySchema,
  PlaySessionSchema,
  PlayTimeTotalSchema,
  PlayTimeTotalsQuerySchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import type { ZodApp } from '../../http/zod-app.js';
import { callerOf } from '../../http/caller.js';
import type { PlayBeacon } from './play-beacon.js';
import { playBeaconRoutes } from './play-beacon.routes.js';
import { saveBeaconRoute } from './save-beacon.routes.js';
import type { PlayAssetsService } from '../play-assets/play-assets.service.js';
import type { PlaySessionsService } from './play-sessions.service.js';

interface PlaySessionsRoutesOptions {
  playSessions: PlaySessionsService;
  beacon: PlayBeacon;
  assets: PlayAssetsService;
}

const tags = ['play-sessions'];
const denied = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** RomM's `/api/play-sessions`, and each user's time on a game for its page. */
export const playSessionsRoutes: FastifyPluginAsyncZod<PlaySessionsRoutesOptions> = async (
  app,
  { playSessions, beacon, assets },
) => {
  app.post(
    '/api/play-sessions',
    {
      config: requireScopes('roms.user.write'),
      schema: {
        tags,
        summary:
          'Report finished play sessions (up to 100); the device is the token’s unless named; ' +
          'a session reported again is a duplicate',
        body: PlaySessionIngestBodySchema,
        response: {
          201: PlaySessionIngestResponseSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          ...denied,
        },
      },
    },
    async (request, reply) => {
      const deviceId = request.body.device_id ?? request.tokenDeviceId;
      const result = await playSessions.ingest(
        callerOf(request).id,
        request.body.sessions,
        deviceId,
      );
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/api/play-sessions',
    {
      config: requireScopes('roms.user.read'),
      schema: {
        tags,
        summary: 'Your play sessions, newest first (of one ROM or device, between two times)',
        querystring: PlaySessionListQuerySchema,
        response: { 200: z.array(PlaySessionSchema), ...denied },
      },
    },
    (request) => {
      const query = request.query;
      const bounded = query.start_after !== undefined || query.end_before !== undefined;
      return playSessions.list(callerOf(request).id, {
        romId: query.rom_id,
        deviceId: query.device_id ?? request.tokenDeviceId ?? undefined,
        startAfter: query.start_after,
        endBefore: query.end_before,
        limit: bounded ? null : query.limit,
        offset: query.offset,
      });
    },
  );

  readRoutes(app, playSessions);
  playBeaconRoutes(app, playSessions, beacon);
  saveBeaconRoute(app, assets, beacon);
  await Promise.resolve();
};

/** Time played on one game, and removing one's own session. */
function readRoutes(app: ZodApp, playSessions: PlaySessionsService): void {
  app.get(
    '/api/play-sessions/totals',
    {
      config: requireScopes('roms.user.read'),
      schema: {
        tags,
        summary:
          "Time played on one game, per user, most played first: your own, and others' where " +
          "they share their activity (everyone's with users.read)",
        querystring: PlayTimeTotalsQuerySchema,
        response: { 200: z.array(PlayTimeTotalSchema), ...denied },
      },
    },
    (request) => playSessions.totals(request.query.rom_id, callerOf(request), request.scopes),
  );

  app.delete(
    '/api/play-sessions/:session_id',
    {
      config: requireScopes('roms.user.write'),
      schema: {
        tags,
        summary: 'Delete one of your play sessions',
        params: PlaySessionIdParamsSchema,
        response: { 204: z.null(), 404: ErrorBodySchema, ...denied },
      },
    },
    async (request, reply) => {
      await playSessions.remove(callerOf(request).id, request.params.session_id);
      return reply.code(204).send(null);
    },
  );
}
