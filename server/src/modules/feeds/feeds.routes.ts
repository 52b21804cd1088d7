import {
  ErrorBodySchema,
  FeedPlatformParamsSchema,
  FeedTokenQuerySchema,
  FpkgiFeedSchema,
  FpkgiQuerySchema,
  PkgiParamsSchema,
  TinfoilFeedSchema,
  TinfoilQuerySchema,
  WebrcadeFeedSchema,
} from '@romshelf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopesOrQueryToken } from '../../http/access.js';
import { callerId } from '../../http/caller.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { PkgjListKey } from './feed-entries.js';
import { PKGJ_COLUMNS } from './feed-entries.js';
import { FeedLinks } from './feed-links.js';
import type { FeedsService } from './feeds.service.js';

interface FeedsRoutesOptions {
  feeds: FeedsService;
  /** The server's public address (ROMSHELF_BASE_URL); null: the request's own origin. */
  baseUrl: string | null;
}

const ERRORS = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema } as const;
const TOKEN_NOTE =
  'Download links answer to the credentials the app sends (Basic, a bearer client token); ' +
  'a client token given as `?token=` is kept in each link, for apps that cannot send headers.';

/** A plain-text list as RomM sends it: named, never cached. */
function sendList(reply: FastifyReply, fileName: string, text: string): FastifyReply {
  return reply
    .type('text/plain; charset=utf-8')
    .header('content-disposition', `filename=${fileName}`)
    .header('cache-control', 'no-cache')
    .send(text);
}

export const feedsRoutes: FastifyPluginAsyncZod<FeedsRoutesOptions> = async (app, options) => {
  // Only a token the request was signed in with from its address is kept in the links.
  const linksFor: LinksFor = (request, token) =>
    new FeedLinks(
      options.baseUrl ?? `${request.protocol}://${request.host}`,
      request.headers.authorization === undefined && request.authMethod === 'bearer'
        ? token
        : undefined,
    );
  jsonFeedRoutes(app, options.feeds, linksFor);
  listFeedRoutes(app, options.feeds, linksFor);
  await Promise.resolve();
};

type LinksFor = (request: FastifyRequest, token: string | undefined) => FeedLinks;

function jsonFeedRoutes(app: ZodApp, feeds: FeedsService, linksFor: LinksFor): void {
  app.get(
    '/api/feeds/webrcade',
    {
      config: requireScopesOrQueryToken('roms.read'),
      schema: {
        tags: ['feeds'],
        summary: 'webRcade feed: the games of the platforms webRcade plays',
        description: TOKEN_NOTE,
        querystring: FeedTokenQuerySchema,
        response: { 200: WebrcadeFeedSchema, ...ERRORS },
      },
    },
    (request) => feeds.webrcade(callerId(request), linksFor(request, request.query.token)),
  );

  app.get(
    '/api/feeds/tinfoil',
    {
      config: requireScopesOrQueryToken('roms.read'),
      schema: {
        tags: ['feeds'],
        summary: "Tinfoil custom index: the Switch platform's installable files",
        description: `\`slug\` is the platform's folder (default \`switch\`). ${TOKEN_NOTE}`,
        querystring: TinfoilQuerySchema,
        response: { 200: TinfoilFeedSchema, ...ERRORS },
      },
    },
    (request) =>
      feeds.tinfoil(request.query.slug, callerId(request), linksFor(request, request.query.token)),
  );

  app.get(
    '/api/feeds/fpkgi/:platform_slug',
    {
      config: requireScopesOrQueryToken('roms.read'),
      schema: {
        tags: ['feeds'],
        summary: "FPKGi feed (PS4, PS5): a platform's games keyed by download link",
        description: TOKEN_NOTE,
        params: FeedPlatformParamsSchema,
        querystring: FpkgiQuerySchema,
        response: { 200: FpkgiFeedSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const feed = await feeds.fpkgi(
        request.params.platform_slug,
        callerId(request),
        linksFor(request, request.query.token),
      );
      return reply.header('cache-control', 'no-cache').send(feed);
    },
  );
}

function listFeedRoutes(app: ZodApp, feeds: FeedsService, linksFor: LinksFor): void {
  app.get(
    '/api/feeds/pkgi/:platform_slug/:content_type',
    {
      config: requireScopesOrQueryToken('roms.read'),
      schema: {
        tags: ['feeds'],
        summary: 'PKGi list (ps3, psvita, psp) of one content type, as CSV text',
        description: `\`content_type\` is a file category (game, dlc, demo, update, patch). ${TOKEN_NOTE}`,
        params: PkgiParamsSchema,
        querystring: FeedTokenQuerySchema,
        response: { 400: ErrorBodySchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { platform_slug: platform, content_type: type } = request.params;
      const text = await feeds.pkgi(
        platform,
        type,
        callerId(request),
        linksFor(request, request.query.token),
      );
      return sendList(reply, `pkgi_${type}.txt`, text);
    },
  );

  for (const key of Object.keys(PKGJ_COLUMNS) as PkgjListKey[]) {
    const [platform = '', list = ''] = key.split('/');
    app.get(
      `/api/feeds/pkgj/${key}`,
      {
        config: requireScopesOrQueryToken('roms.read'),
        schema: {
          tags: ['feeds'],
          summary: `pkgj list of ${platform} ${list}, as TSV text with its header row`,
          description: TOKEN_NOTE,
          querystring: FeedTokenQuerySchema,
          response: ERRORS,
        },
      },
      async (request, reply) => {
        const text = await feeds.pkgj(
          key,
          callerId(request),
          linksFor(request, request.query.token),
        );
        return sendList(reply, `pkgj_${platform}_${list}.tsv`, text);
      },
    );
  }

  app.get(
    '/api/feeds/kekatsu/:platform_slug',
    {
      config: requireScopesOrQueryToken('roms.read'),
      schema: {
        tags: ['feeds'],
        summary: "Kekatsu list (Nintendo DS): a platform's games, tab-separated",
        description: TOKEN_NOTE,
        params: FeedPlatformParamsSchema,
        querystring: FeedTokenQuerySchema,
        response: ERRORS,
      },
    },
    async (request, reply) => {
      const slug = request.params.platform_slug;
      const text = await feeds.kekatsu(
        slug,
        callerId(request),
        linksFor(request, request.query.token),
      );
      return sendList(reply, `kekatsu_${slug}.txt`, text);
    },
  );
}
