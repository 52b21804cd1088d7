import {
  DetailedRomSchema,
  ErrorBodySchema,
  RomFileParamsSchema,
  RomIdParamsSchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopes } from '../../../http/access.js';
import { callerId } from '../../../http/caller.js';
import type { RomsService } from '../roms.service.js';
import type { RomFileActions } from './rom-file-actions.js';

type RomsApp = Parameters<FastifyPluginAsyncZod>[0];

const WRITE_ERRORS = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

export function convertToFolderRoute(app: RomsApp, roms: RomsService, actions: RomFileActions) {
  app.post(
    '/api/roms/:id/convert-to-folder',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Turn a single-file ROM into a folder holding that file',
        description:
          'As in RomM 5: `Game.ext` becomes `Game/Game.ext`, keeping the id and everything ' +
          'attached to the ROM. A folder ROM is answered unchanged; 409 when the name is taken.',
        params: RomIdParamsSchema,
        response: { 200: DetailedRomSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      await actions.convertToFolder(request.params.id, new Date().toISOString());
      return roms.get(request.params.id, callerId(request));
    },
  );
}

export function deleteRomFileRoute(app: RomsApp, roms: RomsService, actions: RomFileActions) {
  app.delete(
    '/api/roms/:id/files/:file_id',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Delete one file of a multi-file ROM, from the disk too',
        description:
          'As in RomM 5 (which answers an empty 200; RomShelf sends the ROM as it is now). ' +
          "A ROM's own file (a single file, a disc sheet) or its last top-level file is a 409: " +
          'delete the ROM instead.',
        params: RomFileParamsSchema,
        response: { 200: DetailedRomSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id, file_id } = request.params;
      await actions.deleteFile(id, file_id, new Date().toISOString());
      return roms.get(id, callerId(request));
    },
  );
}
