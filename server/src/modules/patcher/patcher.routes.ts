import {
  ErrorBodySchema,
  PATCH_VALIDATED_HEADER,
  PatchCandidateListSchema,
  PatchFieldsSchema,
  PatchSavedSchema,
  RomIdParamsSchema,
} from '@romshelf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopes } from '../../http/access.js';
import { HttpError } from '../../http/http-error.js';
import { requestValidationError } from '../../http/error-handler.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import { multipartError } from '../../lib/stored-files.js';
import { contentDisposition } from '../roms/files/rom-download.js';
import type { PatchedRom, PatcherService, PatchRequest } from './patcher.service.js';

interface PatcherRoutesOptions {
  patcher: PatcherService;
  files: ConfinedFiles;
}

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * The form of a patch request: fields, and the `patch_file` upload staged in the temp area
 * (cut at the size limit). Also takes the fields alone as a urlencoded or JSON body.
 */
async function patchForm(
  request: FastifyRequest,
  files: ConfinedFiles,
  maxBytes: number,
): Promise<Omit<PatchRequest, 'romFileId'>> {
  const raw: Record<string, unknown> = {};
  let upload: PatchRequest['upload'] = null;
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'patch_file') {
            part.file.resume();
            continue;
          }
          const staged = await files.stage(part.file, { truncated: () => part.file.truncated });
          upload = { staged, fileName: part.filename };
        } else {
          raw[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if (upload !== null) await files.discard(upload.staged);
      if (error instanceof HttpError && error.statusCode === 413) {
        throw new HttpError(400, `Patch file is too large to patch (max ${maxBytes} bytes)`);
      }
      throw multipartError(error);
    }
  } else if (typeof request.body === 'object' && request.body !== null) {
    Object.assign(raw, request.body);
  }
  const parsed = PatchFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    if (upload !== null) await files.discard(upload.staged);
    throw requestValidationError('body', parsed.error.issues);
  }
  return { fields: parsed.data, upload };
}

/** The patched ROM as a download, telling whether a checksum confirmed its base (RomM). */
function sendPatched(reply: FastifyReply, patched: PatchedRom): FastifyReply {
  return reply
    .header('content-disposition', contentDisposition(patched.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header(PATCH_VALIDATED_HEADER, String(patched.validated))
    .type('application/octet-stream')
    .send(patched.bytes);
}

export const patcherRoutes: FastifyPluginAsyncZod<PatcherRoutesOptions> = async (
  app,
  { patcher, files },
) => {
  app.post(
    '/api/roms/:id/patch',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'Apply an IPS, UPS, BPS, PPF, APS, RUP or xdelta patch to a ROM file (RomM 5)',
        description:
          '`id` is the ROM **file** id (RomM). Multipart form: `patch_file_id` (a patch file in ' +
          'the library) or `patch_file` (an upload, kept only in the temp area), optional ' +
          '`output_file_name`. Answers the patched file as a download, with ' +
          '`x-patch-validated: true` when a checksum in the patch confirmed the base. ' +
          'RomShelf: `save_as_game=true` (needs `roms.write`) stores it next to the original ' +
          'as a new game instead (201). A patch made for another ROM is refused (400).',
        params: RomIdParamsSchema,
        response: { 201: PatchSavedSchema, 400: ErrorBodySchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await patchForm(request, files, patcher.maxBytes);
      const save = form.fields.save_as_game === true;
      let patched;
      try {
        if (save && !request.scopes.includes('roms.write')) {
          throw new HttpError(403, 'Saving a patched game needs the roms.write scope');
        }
        patched = await patcher.apply({ romFileId: request.params.id, ...form });
      } finally {
        if (form.upload !== null) await files.discard(form.upload.staged);
      }
      if (!save) return sendPatched(reply, patched);
      reply.code(201);
      return patcher.saveAsGame(patched);
    },
  );

  app.get(
    '/api/roms/:id/patches',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: "The library's patch files for a game: its own, then the others of its platform",
        params: RomIdParamsSchema,
        response: { 200: PatchCandidateListSchema, ...errors },
      },
    },
    (request) => patcher.candidates(request.params.id),
  );
  await Promise.resolve();
};
