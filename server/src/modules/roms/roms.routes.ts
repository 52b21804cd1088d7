import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

import {
  DeleteRomsBodySchema,
  DeleteRomsResponseSchema,
  DetailedRomSchema,
  ErrorBodySchema,
  IdentifiersSchema,
  RomBulkDownloadQuerySchema,
  RomByHashQuerySchema,
  RomByProviderQuerySchema,
  RomContentParamsSchema,
  RomContentQuerySchema,
  RomFileSchema,
  RomFiltersSchema,
  RomIdParamsSchema,
  RomListPageSchema,
  RomListQuerySchema,
  RomPropsBodySchema,
  RomPropsQuerySchema,
  RomUpdateQuerySchema,
  RomUserSchema,
  SimpleRomSchema,
} from '@romshelf/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { rejectInvalidRequest } from '../../http/error-handler.js';
import { HttpError } from '../../http/http-error.js';
import { contentDisposition, sendRomDownload } from './rom-download.js';
import { MANUAL_MAX_BYTES, RESOURCES_URL_PREFIX } from './rom-resources.js';
import type { RomUploadService } from './rom-upload.js';
import { readRomUpdateForm } from './roms.form.js';
import type { RomsService } from './roms.service.js';

/** Types served from the resources folder (only what the server itself writes). */
const RESOURCE_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** User-supplied media is rendered in a sandbox with nothing else allowed. */
const MEDIA_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:";

function sendMedia(
  reply: FastifyReply,
  file: { absPath: string; size: number; mtimeMs: number },
  type: string,
  disposition: string | null,
  cache: string,
): FastifyReply {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', MEDIA_CSP);
  reply.header('cache-control', cache);
  reply.header('last-modified', new Date(file.mtimeMs).toUTCString());
  reply.header('content-length', file.size);
  if (disposition !== null) reply.header('content-disposition', disposition);
  return reply.type(type).send(createReadStream(file.absPath));
}

const ManualQuerySchema = z.object({
  /** `1`/`true`: `Content-Disposition: attachment` instead of inline. */
  download: z.enum(['true', 'false', '1', '0']).optional(),
});

const ResourceParamsSchema = z.object({ '*': z.string() });
const ResourceQuerySchema = z.object({ ts: z.string().max(100).optional() });

export interface RomsRoutesOptions {
  roms: RomsService;
  uploads: RomUploadService;
  /** `<data>/resources`, served at /assets/romm/resources/. */
  resourcesDir: string;
}

export const romsRoutes: FastifyPluginAsyncZod<RomsRoutesOptions> = async (
  app,
  { roms, uploads, resourcesDir },
) => {
  app.get(
    '/api/roms',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'A page of ROMs, filtered, sorted, with the A–Z index',
        querystring: RomListQuerySchema,
        response: { 200: RomListPageSchema, 401: ErrorBodySchema, 422: ErrorBodySchema },
      },
      // The page is typed at compile time; validating 72 large items again at run time
      // costs ~4 ms per request, so the schema only documents the shape here.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    (request) => roms.list(request.query, request.user?.id ?? -1),
  );

  app.get(
    '/api/roms/identifiers',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'The id of every ROM',
        response: { 200: IdentifiersSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    () => roms.identifiers(),
  );

  app.get(
    '/api/roms/filters',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'The values the whole library can be filtered on',
        response: { 200: RomFiltersSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    () => roms.filterValues([]),
  );

  app.get(
    '/api/roms/by-hash',
    {
      config: requireScopes('roms.read'),
      attachValidation: true,
      schema: {
        tags: ['roms'],
        summary: "The ROM whose own hash or one of whose files' hashes matches",
        description:
          'Give at least one hash (hex, any case). When several ROMs match, the strongest ' +
          'given hash wins (sha1, md5, ra, crc), a ROM-level hash before a file-level one, ' +
          'then the lowest ROM id. Bad or missing hashes answer 400.',
        querystring: RomByHashQuerySchema,
        response: {
          200: DetailedRomSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request) => {
      rejectInvalidRequest(request);
      return roms.getByHash(request.query, request.user?.id ?? -1);
    },
  );

  app.get(
    '/api/roms/download',
    {
      config: requireScopes('roms.read'),
      attachValidation: true,
      schema: {
        tags: ['roms'],
        summary: 'Download several ROMs, or a whole platform, as one zip',
        description:
          'Give `rom_ids` (comma-separated) or `platform_id`, not both. The zip is stored ' +
          '(not compressed) and streamed; entries are named by their path in the library.',
        querystring: RomBulkDownloadQuerySchema,
        response: { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      rejectInvalidRequest(request);
      return sendRomDownload(request, reply, await roms.openBulkContent(request.query));
    },
  );

  app.get(
    '/api/roms/by-metadata-provider',
    {
      config: requireScopes('roms.read'),
      attachValidation: true,
      schema: {
        tags: ['roms'],
        summary: 'The ROM carrying a metadata provider id',
        description:
          'Give exactly one provider id (400 for none, several or a malformed one); the ' +
          'lowest ROM id wins when several ROMs carry it.',
        querystring: RomByProviderQuerySchema,
        response: {
          200: DetailedRomSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request) => {
      rejectInvalidRequest(request);
      return roms.getByProviderId(request.query, request.user?.id ?? -1);
    },
  );

  app.get(
    '/api/roms/:id',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'One ROM with its files and hashes',
        params: RomIdParamsSchema,
        response: { 200: DetailedRomSchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) => roms.get(request.params.id, request.user?.id ?? -1),
  );

  app.get(
    '/api/roms/:id/simple',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'One ROM in the list shape',
        params: RomIdParamsSchema,
        response: { 200: SimpleRomSchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) => roms.getSimple(request.params.id, request.user?.id ?? -1),
  );

  app.get(
    '/api/roms/:id/files',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: "One file of a ROM, by the file's id (as RomM: the id is a file id)",
        params: RomIdParamsSchema,
        response: { 200: RomFileSchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) => roms.getFile(request.params.id),
  );

  app.get(
    '/api/roms/:id/content/:fs_name',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'Download a ROM: the file (ranges, ETag) or a zip of its files',
        params: RomContentParamsSchema,
        querystring: RomContentQuerySchema,
        response: { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { id, fs_name } = request.params;
      return sendRomDownload(
        request,
        reply,
        await roms.openContent(id, fs_name, request.query.file_ids),
      );
    },
  );

  app.post(
    '/api/roms',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Upload one ROM file (multipart; headers x-upload-platform, x-upload-filename)',
        description:
          'One file per request, streamed to a temporary file in the library and moved into ' +
          "the platform's ROM folder once complete (never over an existing file), then hashed " +
          'and stored. `x-upload-filename` may be percent-encoded (encodeURIComponent).',
        response: {
          201: DetailedRomSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const id = await uploads.receive(request);
      reply.code(201);
      return roms.get(id, request.user?.id ?? -1);
    },
  );

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
    (request) => roms.delete(request.body),
  );

  app.put(
    '/api/roms/:id',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Edit a ROM: multipart form (fields + optional artwork file) or JSON',
        params: RomIdParamsSchema,
        querystring: RomUpdateQuerySchema,
        response: {
          200: DetailedRomSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const userId = request.user?.id ?? -1;
      await roms.findOr404(request.params.id);
      const form = await readRomUpdateForm(request, request.query);
      return roms.update(request.params.id, userId, form.fields, form.artwork);
    },
  );

  app.put(
    '/api/roms/:id/props',
    {
      config: requireScopes('roms.user.write'),
      schema: {
        tags: ['roms'],
        summary: "Set the caller's own data about a ROM (status, favourite, rating, notes…)",
        params: RomIdParamsSchema,
        querystring: RomPropsQuerySchema,
        body: RomPropsBodySchema,
        response: {
          200: RomUserSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    (request) =>
      roms.setProps(request.params.id, request.user?.id ?? -1, request.body, request.query),
  );

  app.post(
    '/api/roms/:id/manuals',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Upload the PDF manual of a ROM (multipart, one file; checked by content)',
        params: RomIdParamsSchema,
        response: {
          201: DetailedRomSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const userId = request.user?.id ?? -1;
      await roms.findOr404(request.params.id);
      if (!request.isMultipart()) {
        throw new HttpError(400, 'Expected a multipart/form-data body holding the manual');
      }
      let part;
      try {
        part = await request.file({
          limits: { fileSize: MANUAL_MAX_BYTES, files: 1, fields: 16, fieldSize: 4096 },
          throwFileSizeLimit: false,
        });
      } catch {
        throw new HttpError(400, 'Malformed multipart body');
      }
      if (part === undefined) throw new HttpError(400, 'The multipart body holds no file');
      const rom = await roms.saveManual(request.params.id, userId, part.file);
      reply.code(201);
      return rom;
    },
  );

  app.delete(
    '/api/roms/:id/manuals',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Remove the manual of a ROM',
        params: RomIdParamsSchema,
        response: {
          200: DetailedRomSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request) => roms.deleteManual(request.params.id, request.user?.id ?? -1),
  );

  app.get(
    '/api/roms/:id/manual',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'The PDF manual of a ROM (inline; ?download=1 for an attachment)',
        params: RomIdParamsSchema,
        querystring: ManualQuerySchema,
        response: { 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const manual = await roms.openManual(request.params.id);
      const download = request.query.download === '1' || request.query.download === 'true';
      const disposition = contentDisposition(manual.fileName).replace(
        /^attachment/,
        download ? 'attachment' : 'inline',
      );
      return sendMedia(reply, manual, 'application/pdf', disposition, 'private, no-cache');
    },
  );

  app.get(
    `${RESOURCES_URL_PREFIX}/*`,
    {
      // RomM serves resources without authentication; here a signed-in user is needed (the
      // browser sends its session cookie with <img> requests on the same origin).
      config: requireScopes('roms.read'),
      schema: {
        hide: true,
        params: ResourceParamsSchema,
        querystring: ResourceQuerySchema,
      },
    },
    async (request, reply) => {
      const notFound = () => new HttpError(404, 'Not found');
      const segments = request.params['*'].split('/');
      const bad = segments.some(
        (segment) =>
          segment === '' ||
          segment.startsWith('.') ||
          segment.includes('\\') ||
          segment.includes('\0'),
      );
      if (bad || segments.length > 8) throw notFound();
      const type = RESOURCE_TYPES[segments.at(-1)?.split('.').pop()?.toLowerCase() ?? ''];
      if (type === undefined) throw notFound();
      let real: string;
      let root: string;
      try {
        root = await realpath(resourcesDir);
        real = await realpath(path.join(resourcesDir, ...segments));
      } catch {
        throw notFound();
      }
      if (!real.startsWith(root + path.sep)) throw notFound();
      const stats = await stat(real);
      if (!stats.isFile()) throw notFound();
      const cache =
        request.query.ts === undefined
          ? 'private, no-cache'
          : 'private, max-age=31536000, immutable';
      return sendMedia(
        reply,
        { absPath: real, size: stats.size, mtimeMs: stats.mtimeMs },
        type,
        type === 'application/pdf' ? 'inline' : null,
        cache,
      );
    },
  );

  await Promise.resolve();
};
