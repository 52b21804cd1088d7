import {
  DetailedRomSchema,
  ErrorBodySchema,
  RomIdParamsSchema,
  RomPropsBodySchema,
  RomPropsQuerySchema,
  RomUpdateQuerySchema,
  RomUserSchema,
} from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { callerId } from '../../../http/caller.js';
import { requireScopes } from '../../../http/access.js';
import { HttpError } from '../../../http/http-error.js';
import type { RomEditsService } from './rom-edits.service.js';
import type { RomPropsService } from './rom-props.service.js';
import { readRomUpdateForm } from './roms.form.js';
import type { RomsService } from '../roms.service.js';

type RomsApp = Parameters<FastifyPluginAsyncZod>[0];

export function updateRomRoute(app: RomsApp, roms: RomsService, edits: RomEditsService): void {
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
      const userId = callerId(request);
      await roms.findOr404(request.params.id);
      const form = await readRomUpdateForm(request, request.query);
      return edits.update(request.params.id, userId, form.fields, form.artwork);
    },
  );
}

/**
 * The personal note moved to `/api/roms/{id}/notes` (several notes, public or private): a body
 * still carrying `notes` is refused rather than its text silently dropped.
 */
async function refuseMovedNotes(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  const carriesNotes = (value: unknown): boolean =>
    typeof value === 'object' && value !== null && 'notes' in value;
  const data: unknown = carriesNotes(body) ? null : (body as { data?: unknown } | null)?.data;
  if (carriesNotes(body) || carriesNotes(data)) {
    throw new HttpError(400, 'Notes moved: use POST /api/roms/{id}/notes');
  }
  await Promise.resolve();
}

export function romPropsRoute(app: RomsApp, props: RomPropsService): void {
  app.put(
    '/api/roms/:id/props',
    {
      config: requireScopes('roms.user.write'),
      preValidation: refuseMovedNotes,
      schema: {
        tags: ['roms'],
        summary: "Set the caller's own data about a ROM (status, favourite, rating…)",
        description:
          'Notes are not props any more: they live at `/api/roms/{id}/notes` (a body with ' +
          '`notes` answers 400).',
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
    (request) => props.setProps(request.params.id, callerId(request), request.body, request.query),
  );
}
