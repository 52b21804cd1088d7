import {
  DeleteRomsBodySchema,
  DeleteRomsResponseSchema,
  ErrorBodySchema,
  FeedTokenQuerySchema,
  RomBulkDownloadQuerySchema,
  RomContentParamsSchema,
  RomContentQuerySchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { callerId } from '../../../http/caller.js';
import { requireScopes, requireScopesOrQueryToken } from '../../../http/access.js';
import { rejectInvalidRequest } from '../../../http/error-handler.js';
import { sendRomDownload } from './rom-download.js';
import type { RomFilesService } from './rom-files.service.js';
import type { RomListService } from '../list/rom-list.service.js';

type RomsApp = Parameters<FastifyPluginAsyncZod>[0];

export function downloadRomsRoute(
  app: RomsApp,
  files: RomFilesService,
  lists: RomListService,
): void {
  app.get(
    '/api/roms/download',
    {
      config: requireScopes('roms.read'),
      attachValidation: true,
      schema: {
        tags: ['roms'],
        summary: 'Download several ROMs, a whole platform or a collection, as one zip',
        description:
          'Give one of `rom_ids` (comma-separated), `platform_id`, `collection_id`, ' +
          '`virtual_collection_id` or `smart_collection_id`. The zip is stored ' +
          '(not compressed) and streamed; entries are named by their path in the library.',
        querystring: RomBulkDownloadQuerySchema,
        response: { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      rejectInvalidRequest(request);
      const userId = callerId(request);
      const query = await lists.downloadScope(request.query, userId);
      return sendRomDownload(request, reply, await files.openBulkContent(query, userId));
    },
  );
}

export function romContentRoute(app: RomsApp, files: RomFilesService): void {
  app.get(
    '/api/roms/:id/content/:file_name',
    {
      config: requireScopesOrQueryToken('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'Download a ROM: the file (ranges, ETag) or a zip of its files',
        description:
          '`file_name` only names the download, as in RomM: one file is sent under its own ' +
          'name; several as a stored zip named `file_name` (`.zip` added when missing), with ' +
          'an `.m3u` listing its cue sheets (else its files) when the ROM has none.',
        params: RomContentParamsSchema,
        querystring: RomContentQuerySchema,
        response: { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { id, file_name } = request.params;
      const { file_ids, hidden_folder } = request.query;
      const download = await files.openContent(id, file_name, {
        fileIds: file_ids,
        hiddenFolder: hidden_folder,
      });
      return sendRomDownload(request, reply, download);
    },
  );
}

export function romFileContentRoute(app: RomsApp, files: RomFilesService): void {
  app.get(
    '/api/roms/:id/files/content/:file_name',
    {
      config: requireScopesOrQueryToken('roms.read'),
      schema: {
        tags: ['roms'],
        summary: "Download one file of a ROM by the file's id (ranges, ETag)",
        description:
          'As in RomM, `id` is a file id and `file_name` is ignored: the file is sent as an ' +
          'attachment under its stored name.',
        params: RomContentParamsSchema,
        querystring: FeedTokenQuerySchema,
        response: { 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      sendRomDownload(request, reply, await files.openFileContent(request.params.id)),
  );
}

export function deleteRomsRoute(app: RomsApp, files: RomFilesService): void {
  app.post(
    '/api/roms/delete',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Delete ROMs; files too for the ids in delete_from_fs',
        body: DeleteRomsBodySchema,
        response: {
          200: DeleteRomsResponseSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    (request) => files.delete(request.body),
  );
}
