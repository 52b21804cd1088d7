import {
  DatRenameBodySchema,
  ErrorBodySchema,
  RomDatVerificationSchema,
  RomIdParamsSchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopes } from '../../http/access.js';
import type { DatVerdictsService } from './dat-verdicts.service.js';

/** A game's verdicts against the DATs of its platform, and the rename to its DAT name. */
export const datVerificationRoutes: FastifyPluginAsyncZod<{
  verdicts: DatVerdictsService;
}> = async (app, { verdicts }) => {
  app.get(
    '/api/roms/:id/dat-verification',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: "A game's status and its files' verdicts against each DAT of its platform",
        params: RomIdParamsSchema,
        response: {
          200: RomDatVerificationSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request) => verdicts.ofRom(request.params.id),
  );

  app.post(
    '/api/roms/:id/dat-verification/rename',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Rename a game found under another name to its name in a DAT',
        description:
          'The ROM keeps its id, so saves, states, notes and collections stay with it. 409 when ' +
          'the game is not `renamed`, cannot be renamed in one step, or the name is taken.',
        params: RomIdParamsSchema,
        body: DatRenameBodySchema,
        response: {
          200: RomDatVerificationSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    (request) => verdicts.rename(request.params.id, request.body.dat_id),
  );
  await Promise.resolve();
};
