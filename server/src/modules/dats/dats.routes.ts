import {
  DatFolderSyncSchema,
  DatIdParamsSchema,
  DatListSchema,
  DatSchema,
  type Dat,
  ErrorBodySchema,
  UpdateDatBodySchema,
} from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { HttpError } from '../../http/http-error.js';
import type { ZodApp } from '../../http/zod-app.js';
import { multipartError } from '../../lib/stored-files.js';
import type { DatsService } from './dats.service.js';

interface DatsRoutesOptions {
  dats: DatsService;
  maxUploadBytes: number;
}

const DENIED = { 401: ErrorBodySchema, 403: ErrorBodySchema };

export const datsRoutes: FastifyPluginAsyncZod<DatsRoutesOptions> = async (app, options) => {
  readRoutes(app, options);
  changeRoutes(app, options);
  await Promise.resolve();
};

/** Imports the first file of a multipart body (`file`), streamed. */
async function importUpload(
  request: FastifyRequest,
  { dats, maxUploadBytes }: DatsRoutesOptions,
): Promise<Dat> {
  if (!request.isMultipart()) throw new HttpError(400, 'Expected a multipart form');
  try {
    for await (const part of request.parts({ limits: { fileSize: maxUploadBytes, files: 1 } })) {
      if (part.type !== 'file') continue;
      const file = part.file;
      return await dats.upload(part.filename, file, () => file.truncated);
    }
  } catch (error) {
    throw multipartError(error);
  }
  throw new HttpError(400, 'No DAT file in the form');
}

function readRoutes(app: ZodApp, { dats }: DatsRoutesOptions): void {
  app.get(
    '/api/dats',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['dats'],
        summary: 'The imported DAT files, by name',
        response: { 200: DatListSchema, ...DENIED },
      },
    },
    () => dats.list(),
  );

  app.get(
    '/api/dats/:id',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['dats'],
        summary: 'One imported DAT file',
        params: DatIdParamsSchema,
        response: { 200: DatSchema, ...DENIED, 404: ErrorBodySchema },
      },
    },
    (request) => dats.get(request.params.id),
  );
}

function changeRoutes(app: ZodApp, options: DatsRoutesOptions): void {
  const { dats } = options;
  app.post(
    '/api/dats',
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['dats'],
        summary:
          'Import a DAT (multipart `file`: Logiqx XML or ClrMamePro, plain or zipped); it replaces the DAT of the same set',
        response: { 201: DatSchema, 400: ErrorBodySchema, ...DENIED, 413: ErrorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await importUpload(request, options)),
  );

  app.post(
    '/api/dats/folder',
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['dats'],
        summary:
          "Read the library's `dats` folder now: import new and changed DATs, drop removed ones",
        response: { 200: DatFolderSyncSchema, ...DENIED },
      },
    },
    () => dats.syncFolder(),
  );

  app.put(
    '/api/dats/:id',
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['dats'],
        summary: 'Bind a DAT to another platform, or to none; re-imports keep this choice',
        params: DatIdParamsSchema,
        body: UpdateDatBodySchema,
        response: { 200: DatSchema, ...DENIED, 404: ErrorBodySchema },
      },
    },
    (request) => dats.rebind(request.params.id, request.body.platform_id),
  );

  app.delete(
    '/api/dats/:id',
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['dats'],
        summary: "Remove a DAT and its verdicts (a `dats` folder DAT's file too)",
        params: DatIdParamsSchema,
        response: { 204: z.null(), ...DENIED, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await dats.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
