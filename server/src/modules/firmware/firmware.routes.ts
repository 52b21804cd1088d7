import type { Readable } from 'node:stream';

import {
  BulkOperationResultSchema,
  ErrorBodySchema,
  FirmwareContentParamsSchema,
  FirmwareDeleteBodySchema,
  FirmwareListQuerySchema,
  FirmwareSchema,
  FirmwareUploadQuerySchema,
  FirmwareUploadResultSchema,
  IdentifiersSchema,
} from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { HttpError } from '../../http/http-error.js';
import type { ZodApp } from '../../http/zod-app.js';
import { multipartError, sendStoredFile } from '../../lib/stored-files.js';
import type { FirmwareService } from './firmware.service.js';

const IdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** The uploaded files of a multipart body (`files`, several allowed), streamed one by one. */
async function* uploadedFiles(
  request: FastifyRequest,
  maxBytes: number,
): AsyncGenerator<{ fileName: string; stream: Readable; truncated: () => boolean }> {
  if (!request.isMultipart()) throw new HttpError(400, 'Expected a multipart form');
  try {
    for await (const part of request.parts({
      preservePath: true,
      limits: { fileSize: maxBytes, files: 100 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'files' && part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const file = part.file;
      yield { fileName: part.filename, stream: file, truncated: () => file.truncated };
    }
  } catch (error) {
    throw multipartError(error);
  }
}

interface FirmwareRoutesOptions {
  firmware: FirmwareService;
  maxUploadBytes: number;
}

export const firmwareRoutes: FastifyPluginAsyncZod<FirmwareRoutesOptions> = async (
  app,
  options,
) => {
  listRoutes(app, options);
  changeRoutes(app, options);
  fileRoutes(app, options);
  await Promise.resolve();
};

function listRoutes(app: ZodApp, { firmware }: FirmwareRoutesOptions): void {
  app.get(
    '/api/firmware',
    {
      config: requireScopes('firmware.read'),
      schema: {
        tags: ['firmware'],
        summary: 'BIOS / firmware files, optionally of one platform',
        querystring: FirmwareListQuerySchema,
        response: { 200: z.array(FirmwareSchema), 401: ErrorBodySchema },
      },
    },
    (request) => firmware.list(request.query.platform_id),
  );

  app.get(
    '/api/firmware/identifiers',
    {
      config: requireScopes('firmware.read'),
      schema: {
        tags: ['firmware'],
        summary: 'The id of every firmware file',
        response: { 200: IdentifiersSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => (await firmware.list()).map((file) => file.id),
  );
}

/** Uploading and deleting firmware files. */
function changeRoutes(app: ZodApp, { firmware, maxUploadBytes }: FirmwareRoutesOptions): void {
  app.post(
    '/api/firmware',
    {
      config: requireScopes('firmware.write'),
      schema: {
        tags: ['firmware'],
        summary: "Upload firmware files (multipart `files`) into the platform's bios folder",
        querystring: FirmwareUploadQuerySchema,
        response: {
          200: FirmwareUploadResultSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          413: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      try {
        return await firmware.upload(
          request.query.platform_id,
          uploadedFiles(request, maxUploadBytes),
        );
      } catch (error) {
        throw multipartError(error);
      }
    },
  );

  app.post(
    '/api/firmware/delete',
    {
      config: requireScopes('firmware.write'),
      schema: {
        tags: ['firmware'],
        summary: 'Delete firmware rows, and the files of the `delete_from_fs` ids',
        body: FirmwareDeleteBodySchema,
        response: { 200: BulkOperationResultSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    (request) => firmware.delete(request.body.firmware, request.body.delete_from_fs),
  );
}

/** One firmware file: its row and its content. */
function fileRoutes(app: ZodApp, { firmware }: FirmwareRoutesOptions): void {
  app.get(
    '/api/firmware/:id',
    {
      config: requireScopes('firmware.read'),
      schema: {
        tags: ['firmware'],
        summary: 'One firmware file',
        params: IdParams,
        response: { 200: FirmwareSchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) => firmware.get(request.params.id),
  );

  app.get(
    '/api/firmware/:id/content/:file_name',
    {
      config: requireScopes('firmware.read'),
      schema: {
        tags: ['firmware'],
        summary: 'Download a firmware file (the emulator core loads it from here)',
        params: FirmwareContentParamsSchema,
        response: { 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { file, fileName } = await firmware.openContent(request.params.id);
      return sendStoredFile(reply, file, fileName);
    },
  );
}
