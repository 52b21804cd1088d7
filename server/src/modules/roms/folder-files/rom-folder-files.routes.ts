import { ErrorBodySchema, RomFileSchema, RomIdParamsSchema } from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { requireScopes } from '../../../http/access.js';
import { HttpError } from '../../../http/http-error.js';
import type { ZodApp } from '../../../http/zod-app.js';
import { multipartError } from '../../../lib/stored-files.js';
import type { FolderFileKind, RomFolderFilesService } from './rom-folder-files.service.js';
import { FOLDER_FILE_RULES } from './rom-folder-files.service.js';

const FileParamsSchema = RomIdParamsSchema.extend({
  file_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** RomM names the file in `x-upload-filename` (the part's field name); a part's own name also does. */
const UploadHeadersSchema = z.object({
  'x-upload-filename': z.string().min(1).max(1024).optional(),
});

const DENIED = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** The upload's one file part, streamed (capped at the kind's size). */
async function filePart(request: FastifyRequest, kind: FolderFileKind) {
  if (!request.isMultipart()) {
    throw new HttpError(400, 'Expected a multipart/form-data body holding the file');
  }
  try {
    const part = await request.file({
      limits: { fileSize: FOLDER_FILE_RULES[kind].maxBytes, files: 1, fields: 16, fieldSize: 4096 },
      throwFileSizeLimit: false,
    });
    if (part === undefined) throw new HttpError(400, 'The multipart body holds no file');
    return part;
  } catch (error) {
    throw multipartError(error);
  }
}

function folderFileRoutes(
  app: ZodApp,
  service: RomFolderFilesService,
  kind: FolderFileKind,
  base: string,
): void {
  const { label, folder } = FOLDER_FILE_RULES[kind];
  app.post(
    `/api/roms/:id/${base}`,
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: `Add a ${label.toLowerCase()} file to a game kept in a folder (into its \`${folder}/\`)`,
        description:
          'Multipart with one file, named by `x-upload-filename` (as RomM) or by the part. ' +
          'A file of the same name is replaced.',
        params: RomIdParamsSchema,
        headers: UploadHeadersSchema,
        response: { 201: RomFileSchema, 400: ErrorBodySchema, 413: ErrorBodySchema, ...DENIED },
      },
    },
    async (request, reply) => {
      const part = await filePart(request, kind);
      const name = request.headers['x-upload-filename'] ?? part.filename;
      const file = await service.add(request.params.id, kind, name, part.file);
      return reply.code(201).send(file);
    },
  );
  app.delete(
    `/api/roms/:id/${base}/:file_id`,
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: `Remove one ${label.toLowerCase()} file of a game (from its folder and the library)`,
        params: FileParamsSchema,
        response: { 204: z.null(), ...DENIED },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, kind, request.params.file_id);
      return reply.code(204).send(null);
    },
  );
}

/** `POST|DELETE /api/roms/{id}/manuals/files[/{file_id}]` and `…/screenshots[/{file_id}]`. */
export function romFolderFileRoutes(app: ZodApp, service: RomFolderFilesService): void {
  folderFileRoutes(app, service, 'manual', 'manuals/files');
  folderFileRoutes(app, service, 'screenshot', 'screenshots');
}
