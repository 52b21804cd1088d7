import { ErrorBodySchema, NetplayListQuerySchema, NetplayRoomListSchema } from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopes } from '../../http/access.js';
import { HttpError } from '../../http/http-error.js';
import type { NetplayService } from './netplay.service.js';

interface NetplayRoutesOptions {
  netplay: NetplayService;
}

export const netplayRoutes: FastifyPluginAsyncZod<NetplayRoutesOptions> = async (
  app,
  { netplay },
) => {
  app.get(
    '/api/netplay/list',
    {
      config: requireScopes('assets.read'),
      schema: {
        tags: ['netplay'],
        summary: 'Open netplay rooms of a game, by room id (RomM)',
        querystring: NetplayListQuerySchema,
        response: {
          200: NetplayRoomListSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const gameId = request.query.game_id;
      if (gameId === undefined || gameId === '') {
        throw new HttpError(400, 'Missing game_id query parameter');
      }
      return netplay.list(gameId);
    },
  );
  await Promise.resolve();
};
