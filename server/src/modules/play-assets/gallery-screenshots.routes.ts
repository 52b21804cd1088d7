import {
  AssetIdParamsSchema,
  AssetVisibilityBodySchema,
  ErrorBodySchema,
  ScreenshotSchema,
  ScreenshotUploadQuerySchema,
  UploadedScreenshotsSchema,
} from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { callerOf } from '../../http/caller.js';
import { HttpError } from '../../http/http-error.js';
import type { ZodApp } from '../../http/zod-app.js';
import { multipartError } from '../../lib/stored-files.js';
import type { GalleryImage, GalleryScreenshots } from './gallery-screenshots.js';

/** Largest gallery screenshot, and how many one upload may carry. */
const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
const IMAGES_PER_UPLOAD = 32;

/** The field names RomM's clients send images under. */
const IMAGE_FIELDS = new Set(['screenshotFile', 'screenshots']);

const ERRORS = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  413: ErrorBodySchema,
};

/** The images of a multipart body, each read into memory (capped); other parts are skipped. */
async function* galleryImages(request: FastifyRequest): AsyncGenerator<GalleryImage> {
  if (!request.isMultipart()) throw new HttpError(400, 'Expected a multipart form');
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMAGE_MAX_BYTES, files: IMAGES_PER_UPLOAD },
    })) {
      if (part.type !== 'file') continue;
      if (!IMAGE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      yield { fileName: part.filename, bytes };
    }
  } catch (error) {
    throw multipartError(error);
  }
}

/** The first image of a multipart body (a replacement). */
async function oneImage(request: FastifyRequest): Promise<GalleryImage> {
  for await (const image of galleryImages(request)) return image;
  throw new HttpError(400, 'No screenshot was uploaded');
}

/** `POST /api/screenshots`, `PUT /api/screenshots/{id}`, `DELETE /api/screenshots/{id}` (RomM). */
export function galleryScreenshotRoutes(app: ZodApp, gallery: GalleryScreenshots): void {
  app.post(
    '/api/screenshots',
    {
      config: requireScopes('assets.write'),
      schema: {
        tags: ['assets'],
        summary:
          "Add screenshots to a game's gallery (multipart `screenshotFile` or `screenshots`, " +
          'PNG, JPEG, WebP or GIF; all or none are stored)',
        querystring: ScreenshotUploadQuerySchema,
        response: { 200: UploadedScreenshotsSchema, ...ERRORS },
      },
    },
    (request) => gallery.add(callerOf(request).id, request.query.rom_id, galleryImages(request)),
  );

  app.put(
    '/api/screenshots/:id',
    {
      config: requireScopes('assets.write'),
      schema: {
        tags: ['assets'],
        summary:
          'Share one of your gallery screenshots or make it private (JSON `{is_public}`), or ' +
          'replace its image (multipart `screenshotFile`)',
        params: AssetIdParamsSchema,
        response: { 200: ScreenshotSchema, ...ERRORS },
      },
    },
    async (request) => {
      const userId = callerOf(request).id;
      if (request.isMultipart()) {
        return gallery.replace(userId, request.params.id, await oneImage(request));
      }
      // Two bodies (JSON or multipart), so the JSON one is checked here rather than by a schema.
      const body = AssetVisibilityBodySchema.safeParse(request.body);
      if (!body.success) {
        throw new HttpError(
          400,
          'Expected {"is_public": true|false} or a multipart screenshotFile',
        );
      }
      return gallery.setVisibility(userId, request.params.id, body.data.is_public);
    },
  );

  app.delete(
    '/api/screenshots/:id',
    {
      config: requireScopes('assets.write'),
      schema: {
        tags: ['assets'],
        summary: 'Remove one of your gallery screenshots',
        params: AssetIdParamsSchema,
        response: {
          204: z.null(),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await gallery.remove(callerOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
