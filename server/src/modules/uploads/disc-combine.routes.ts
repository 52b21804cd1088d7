import { DetailedRomSchema, ErrorBodySchema, RomIdParamsSchema } from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopes } from '../../http/access.js';
import { callerId } from '../../http/caller.js';
import type { DiscCombiner } from './disc-combine.js';
import type { RomsService } from '../roms/roms.service.js';

type RomsApp = Parameters<FastifyPluginAsyncZod>[0];

export function combineDiscsRoute(app: RomsApp, roms: RomsService, discs: DiscCombiner): void {
  app.post(
    '/api/roms/:id/combine-discs',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Combine the loose disc files of a game into one multi-disc game',
        description:
          'RomShelf only. `id` is one of the loose `(Disc n)` files of a game; an `.m3u` ' +
          'listing every disc of it (by number) is written beside them in the platform folder ' +
          '(never over an existing file), and the discs become that one game, whose player ' +
          'switches between them.',
        params: RomIdParamsSchema,
        response: {
          201: DetailedRomSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const id = await discs.combine(request.params.id);
      reply.code(201);
      return roms.get(id, callerId(request));
    },
  );
}
