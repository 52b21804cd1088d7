import {
  CreateDownloadLinkBodySchema,
  CreatedDownloadLinkSchema,
  DownloadLinkContentParamsSchema,
  DownloadLinkIdParamsSchema,
  DownloadLinkListQuerySchema,
  DownloadLinkListSchema,
  ErrorBodySchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { callerId } from '../../http/caller.js';
import type { ZodApp } from '../../http/zod-app.js';
import { sendRomDownload } from '../roms/files/rom-download.js';
import type { DownloadLinksService } from './download-links.service.js';

interface DownloadLinksRoutesOptions {
  downloadLinks: DownloadLinksService;
}

const tags = ['download-links'];
const denied = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** RomShelf's own download links: create, list, revoke, and the public download itself. */
export const downloadLinksRoutes: FastifyPluginAsyncZod<DownloadLinksRoutesOptions> = async (
  app,
  { downloadLinks },
) => {
  ownLinkRoutes(app, downloadLinks);
  publicDownloadRoute(app, downloadLinks);
  await Promise.resolve();
};

function ownLinkRoutes(app: ZodApp, links: DownloadLinksService): void {
  app.post(
    '/api/download-links',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags,
        summary: 'Create a link that downloads a ROM without signing in, until it expires',
        description:
          "The answer's `path` (`/api/dl/{token}/{file_name}`) is the only time the token is " +
          "shown; put it after the server's address. `expires_in`: seconds, 300 to 604800.",
        body: CreateDownloadLinkBodySchema,
        response: { 201: CreatedDownloadLinkSchema, 404: ErrorBodySchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await links.create(callerId(request), request.body)),
  );

  app.get(
    '/api/download-links',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags,
        summary: "The caller's download links that still work (of one ROM with `rom_id`)",
        querystring: DownloadLinkListQuerySchema,
        response: { 200: DownloadLinkListSchema, ...denied },
      },
    },
    (request) => links.list(callerId(request), request.query.rom_id),
  );

  app.delete(
    '/api/download-links/:id',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags,
        summary: 'Revoke one of your download links: it stops working at once',
        params: DownloadLinkIdParamsSchema,
        response: { 204: z.null(), 404: ErrorBodySchema, ...denied },
      },
    },
    async (request, reply) => {
      await links.revoke(callerId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

function publicDownloadRoute(app: ZodApp, links: DownloadLinksService): void {
  app.get(
    '/api/dl/:token/:file_name',
    {
      config: {
        access: {
          public: true,
          reason: 'The link itself is the credential: an unguessable token that expires',
        },
      },
      schema: {
        tags,
        summary: 'Download a ROM through a download link (ranges, ETag), no session needed',
        description:
          '`file_name` only names the download. 404 once the link expired or was revoked.',
        params: DownloadLinkContentParamsSchema,
        response: { 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const range = request.headers.range;
      const counted = range === undefined || /^bytes=0-/.test(range.trim());
      const download = await links.open(request.params.token, counted);
      reply.header('referrer-policy', 'no-referrer');
      return sendRomDownload(request, reply, download);
    },
  );
}
