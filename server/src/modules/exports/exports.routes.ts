import type { ExportFormat } from '@romshelf/contract';
import {
  EXPORT_FORMATS,
  ErrorBodySchema,
  ExportDownloadQuerySchema,
  ExportSummaryQuerySchema,
  ExportSummarySchema,
  ExportWriteQuerySchema,
} from '@romshelf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import type { ZodApp } from '../../http/zod-app.js';
import { contentDisposition } from '../roms/files/rom-download.js';
import type { ExportDownload, ExportsService } from './exports.service.js';

interface ExportsRoutesOptions {
  exports: ExportsService;
}

const FORMAT_NAMES: Record<ExportFormat, string> = {
  'gamelist-xml': 'ES-DE gamelist.xml',
  pegasus: 'Pegasus metadata.pegasus.txt',
};

const denied = { 401: ErrorBodySchema, 403: ErrorBodySchema };

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Sends an export as an attachment while it is produced (no length: it is not known yet). */
function sendExport(reply: FastifyReply, download: ExportDownload): FastifyReply {
  return reply
    .header('content-type', download.contentType)
    .header('content-disposition', contentDisposition(download.fileName))
    .header('cache-control', 'no-store')
    .send(download.body);
}

export const exportsRoutes: FastifyPluginAsyncZod<ExportsRoutesOptions> = async (app, options) => {
  summaryRoute(app, options);
  for (const format of EXPORT_FORMATS) formatRoutes(app, options, format);
  await Promise.resolve();
};

function summaryRoute(app: ZodApp, { exports }: ExportsRoutesOptions): void {
  app.get(
    '/api/export/summary',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['export'],
        summary:
          "What an export of these platforms holds: games on disk and each platform's folder",
        querystring: ExportSummaryQuerySchema,
        response: {
          200: ExportSummarySchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          ...denied,
        },
      },
    },
    (request) => exports.summary(request.query.platform_ids),
  );
}

function formatRoutes(app: ZodApp, { exports }: ExportsRoutesOptions, format: ExportFormat): void {
  app.post(
    `/api/export/${format}`,
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['export'],
        summary: `Write ${FORMAT_NAMES[format]} into each platform's ROM folder (RomM)`,
        description:
          'Replaces the file only once complete. `local_export`: paths relative to the ' +
          'platform folder, with media copied to its `assets/` folder; else URLs.',
        querystring: ExportWriteQuerySchema,
        response: { 200: z.null(), 400: ErrorBodySchema, 404: ErrorBodySchema, ...denied },
      },
    },
    async (request) => {
      const { platform_ids: ids, local_export: local } = request.query;
      await exports.write(format, ids, local, originOf(request));
      return null;
    },
  );

  app.get(
    `/api/export/${format}`,
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['export'],
        summary: `Download one platform's ${FORMAT_NAMES[format]}, streamed`,
        description: '`local_export`: game paths relative to the platform folder; media stay URLs.',
        querystring: ExportDownloadQuerySchema,
        response: { 404: ErrorBodySchema, ...denied },
      },
    },
    async (request, reply) => {
      const { platform_id: id, local_export: local } = request.query;
      const download = await exports.download(format, id, local, originOf(request));
      return sendExport(reply, download);
    },
  );
}
