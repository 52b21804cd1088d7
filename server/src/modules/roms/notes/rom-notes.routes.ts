import {
  ErrorBodySchema,
  RomIdParamsSchema,
  RomNoteCreateSchema,
  RomNoteDeletedSchema,
  RomNoteParamsSchema,
  RomNotesQuerySchema,
  RomNoteUpdateSchema,
  UserNoteSchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { callerId } from '../../../http/caller.js';
import { requireScopes } from '../../../http/access.js';
import type { RomNotesService } from './rom-notes.service.js';

type RomsApp = Parameters<FastifyPluginAsyncZod>[0];

const READ_ERRORS = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const WRITE_ERRORS = { ...READ_ERRORS, 409: ErrorBodySchema, 422: ErrorBodySchema };

export function romNotesReadRoutes(app: RomsApp, notes: RomNotesService): void {
  app.get(
    '/api/roms/:id/notes',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: "A ROM's notes: the caller's own and other users' public ones",
        description: 'Last updated first. `search` matches title or text in any case.',
        params: RomIdParamsSchema,
        querystring: RomNotesQuerySchema,
        response: { 200: z.array(UserNoteSchema), ...READ_ERRORS, 422: ErrorBodySchema },
      },
    },
    (request) => notes.list(request.params.id, callerId(request), request.query),
  );
  app.get(
    '/api/roms/:id/notes/identifiers',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'Ids of the notes `GET /api/roms/{id}/notes` lists',
        params: RomIdParamsSchema,
        response: { 200: z.array(z.number().int()), ...READ_ERRORS },
      },
    },
    (request) => notes.identifiers(request.params.id, callerId(request)),
  );
}

export function romNotesWriteRoutes(app: RomsApp, notes: RomNotesService): void {
  app.post(
    '/api/roms/:id/notes',
    {
      config: requireScopes('roms.user.write'),
      schema: {
        tags: ['roms'],
        summary: 'Write a note about a ROM (private unless is_public)',
        params: RomIdParamsSchema,
        body: RomNoteCreateSchema,
        response: { 200: UserNoteSchema, ...WRITE_ERRORS },
      },
    },
    (request) => notes.create(request.params.id, callerId(request), request.body),
  );
  app.put(
    '/api/roms/:id/notes/:note_id',
    {
      config: requireScopes('roms.user.write'),
      schema: {
        tags: ['roms'],
        summary: "Change one of the caller's notes; only given fields change",
        params: RomNoteParamsSchema,
        body: RomNoteUpdateSchema,
        response: { 200: UserNoteSchema, ...WRITE_ERRORS },
      },
    },
    (request) => {
      const { id, note_id } = request.params;
      return notes.update(id, callerId(request), note_id, request.body);
    },
  );
  app.delete(
    '/api/roms/:id/notes/:note_id',
    {
      config: requireScopes('roms.user.write'),
      schema: {
        tags: ['roms'],
        summary: "Delete one of the caller's notes",
        params: RomNoteParamsSchema,
        response: { 200: RomNoteDeletedSchema, ...READ_ERRORS, 422: ErrorBodySchema },
      },
    },
    (request) => {
      const { id, note_id } = request.params;
      return notes.delete(id, callerId(request), note_id);
    },
  );
}
