import {
  ErrorBodySchema,
  SyncCompleteBodySchema,
  SyncCompleteResponseSchema,
  SyncNegotiateBodySchema,
  SyncNegotiateResponseSchema,
  SyncSessionListQuerySchema,
  SyncSessionParamsSchema,
  SyncSessionSchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { callerOf } from '../../http/caller.js';
import type { SyncService } from './sync.service.js';

interface SyncRoutesOptions {
  sync: SyncService;
}

const tags = ['sync'];
const denied = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** RomM's `/api/sync`: negotiation of a device's saves, and its sync sessions. */
export const syncRoutes: FastifyPluginAsyncZod<SyncRoutesOptions> = async (app, { sync }) => {
  app.post(
    '/api/sync/negotiate',
    {
      config: requireScopes('assets.read', 'devices.read'),
      schema: {
        tags,
        summary:
          'Send the saves a device holds; learn which to upload, download, or are in conflict ' +
          '(both sides changed: nothing is overwritten)',
        body: SyncNegotiateBodySchema,
        response: {
          200: SyncNegotiateResponseSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          ...denied,
        },
      },
    },
    (request) => sync.negotiate(callerOf(request).id, request.body),
  );

  app.post(
    '/api/sync/sessions/:session_id/complete',
    {
      config: requireScopes('devices.write'),
      schema: {
        tags,
        summary: 'Finish a sync session with its counts, and report play sessions with it',
        params: SyncSessionParamsSchema,
        body: SyncCompleteBodySchema,
        response: {
          200: SyncCompleteResponseSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          ...denied,
        },
      },
    },
    (request) => sync.complete(callerOf(request).id, request.params.session_id, request.body),
  );

  app.get(
    '/api/sync/sessions',
    {
      config: requireScopes('devices.read'),
      schema: {
        tags,
        summary: 'Your sync sessions, newest first',
        querystring: SyncSessionListQuerySchema,
        response: { 200: z.array(SyncSessionSchema), ...denied },
      },
    },
    (request) => sync.sessions(callerOf(request).id, request.query.device_id, request.query.limit),
  );

  app.get(
    '/api/sync/sessions/:session_id',
    {
      config: requireScopes('devices.read'),
      schema: {
        tags,
        summary: 'One of your sync sessions',
        params: SyncSessionParamsSchema,
        response: { 200: SyncSessionSchema, 404: ErrorBodySchema, ...denied },
      },
    },
    (request) => sync.session(callerOf(request).id, request.params.session_id),
  );
  await Promise.resolve();
};
