import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { callerId } from '../../../http/caller.js';
import { requireScopesOrQueryToken } from '../../../http/access.js';
import { HttpError } from '../../../http/http-error.js';
import type { RomCollections } from '../rom-collections.js';
import { sendMedia } from '../files/rom-download.js';
import { RESOURCES_URL_PREFIX } from './rom-resources.js';

type RomsApp = Parameters<FastifyPluginAsyncZod>[0];

/** Types served from the resources folder (only what the server itself writes). */
const RESOURCE_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

const ResourceParamsSchema = z.object({ '*': z.string() });
const ResourceQuerySchema = z.object({
  ts: z.string().max(100).optional(),
  token: z.string().min(1).max(200).optional(),
});

/**
 * Files under `collections/<id>/` belong to a collection: served only to those who may see it
 * (its owner, or everyone when it is public), as its answer is.
 */
async function assertCollectionReadable(
  collections: Pick<RomCollections, 'assertReadable'>,
  userId: number,
  segments: string[],
): Promise<void> {
  if (segments[0] !== 'collections') return;
  const id = Number(segments[1]);
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, 'Not found');
  try {
    await collections.assertReadable(userId, id);
  } catch (error) {
    // A file answers "Not found" whatever the collection's own answer says.
    if (error instanceof HttpError) throw new HttpError(404, 'Not found');
    throw error;
  }
}

export function resourcesRoute(
  app: RomsApp,
  resourcesDir: string,
  collections: Pick<RomCollections, 'assertReadable'>,
): void {
  app.get(
    `${RESOURCES_URL_PREFIX}/*`,
    {
      // RomM serves resources without authentication; here a signed-in user is needed (the
      // browser sends its session cookie with <img> requests on the same origin; a feed's
      // artwork links carry the client token the feed was read with).
      config: requireScopesOrQueryToken('roms.read'),
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
      await assertCollectionReadable(collections, callerId(request), segments);
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
}
