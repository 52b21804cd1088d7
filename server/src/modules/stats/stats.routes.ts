import { ErrorBodySchema, StatsQuerySchema, StatsSchema } from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopes } from '../../http/access.js';
import type { StatsService } from './stats.service.js';

export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (
  app,
  { stats },
) => {
  // RomM answers anyone here; the size and shape of a library is only for its users.
  app.get(
    '/api/stats',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['stats'],
        summary: 'Library totals, with per-platform metadata coverage and regions on request',
        querystring: StatsQuerySchema,
        response: { 200: StatsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    (request) => stats.get(request.query.include_platform_stats),
  );

  await Promise.resolve();
};
