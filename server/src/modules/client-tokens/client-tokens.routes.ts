import {
  ClientTokenAdminListSchema,
  ClientTokenCreatedSchema,
  ClientTokenIdParamsSchema,
  ClientTokenListSchema,
  ClientTokenPairSchema,
  CreateClientTokenBodySchema,
  ErrorBodySchema,
  ExchangePairCodeBodySchema,
  PairCodeParamsSchema,
} from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { callerOf } from '../../http/caller.js';
import { HttpError } from '../../http/http-error.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { ClientTokensService, TokenManager } from './client-tokens.service.js';

interface ClientTokensRoutesOptions {
  clientTokens: ClientTokensService;
}

const tags = ['client-tokens'];
const denied = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The signed-in user with the scopes of the credential this request carries. */
export function managerOf(request: FastifyRequest): TokenManager {
  return { user: callerOf(request), scopes: request.scopes };
}

/** RomM's `/api/client-tokens` family: personal tokens, pairing codes, administrators' view. */
export const clientTokensRoutes: FastifyPluginAsyncZod<ClientTokensRoutesOptions> = async (
  app,
  { clientTokens },
) => {
  ownTokenRoutes(app, clientTokens);
  pairingRoutes(app, clientTokens);
  adminRoutes(app, clientTokens);
  await Promise.resolve();
};

function ownTokenRoutes(app: ZodApp, clientTokens: ClientTokensService): void {
  app.post(
    '/api/client-tokens',
    {
      config: requireScopes('me.write'),
      schema: {
        tags,
        summary: 'Create a client API token (the raw `rmm_` token is in this answer only)',
        body: CreateClientTokenBodySchema,
        response: { 201: ClientTokenCreatedSchema, 400: ErrorBodySchema, ...denied },
      },
    },
    async (request, reply) => {
      const created = await clientTokens.create(managerOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/client-tokens',
    {
      config: requireScopes('me.read'),
      schema: {
        tags,
        summary: "The caller's client API tokens",
        response: { 200: ClientTokenListSchema, ...denied },
      },
    },
    (request) => clientTokens.list(managerOf(request)),
  );

  app.delete(
    '/api/client-tokens/:token_id',
    {
      config: requireScopes('me.write'),
      schema: {
        tags,
        summary: "Revoke one of the caller's tokens",
        params: ClientTokenIdParamsSchema,
        response: { 200: z.null(), 404: ErrorBodySchema, ...denied },
      },
    },
    async (request) => {
      await clientTokens.revoke(request.params.token_id, managerOf(request));
      return null;
    },
  );

  app.put(
    '/api/client-tokens/:token_id/regenerate',
    {
      config: requireScopes('me.write'),
      schema: {
        tags,
        summary: 'A new secret for a token (the old one stops working)',
        params: ClientTokenIdParamsSchema,
        response: { 200: ClientTokenCreatedSchema, 404: ErrorBodySchema, ...denied },
      },
    },
    (request) => clientTokens.regenerate(request.params.token_id, managerOf(request)),
  );
}

function pairingRoutes(app: ZodApp, clientTokens: ClientTokensService): void {
  app.post(
    '/api/client-tokens/:token_id/pair',
    {
      config: requireScopes('me.write'),
      schema: {
        tags,
        summary: 'A pairing code (valid one minute, once) a device exchanges for this token',
        params: ClientTokenIdParamsSchema,
        response: { 200: ClientTokenPairSchema, 404: ErrorBodySchema, ...denied },
      },
    },
    (request) => clientTokens.pair(request.params.token_id, managerOf(request)),
  );

  app.get(
    '/api/client-tokens/pair/:code/status',
    {
      config: {
        access: {
          public: true,
          reason:
            'Open as in RomM: says only whether a short-lived code still waits (200 or 404); ' +
            'rate-limited per client address',
        },
      },
      schema: {
        tags,
        summary: 'Whether a pairing code is still waiting to be exchanged',
        params: PairCodeParamsSchema,
        response: { 200: z.null(), 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      if (!(await clientTokens.isPairCodeLive(request.params.code, request.ip))) {
        throw new HttpError(404, 'Not Found');
      }
      return null;
    },
  );

  app.post(
    '/api/client-tokens/exchange',
    {
      config: {
        access: {
          public: true,
          ownCredentials: true,
          reason:
            'The device has no credentials yet: the single-use, one-minute code is the ' +
            'credential, and exchanges are rate-limited per client address',
        },
      },
      schema: {
        tags,
        summary: 'Trade a pairing code for the token, with a fresh raw secret',
        body: ExchangePairCodeBodySchema,
        response: {
          200: ClientTokenCreatedSchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    (request) => clientTokens.exchange(request.body.code, request.ip),
  );
}

function adminRoutes(app: ZodApp, clientTokens: ClientTokensService): void {
  app.get(
    '/api/client-tokens/all',
    {
      config: requireScopes('users.read'),
      schema: {
        tags,
        summary: "Every user's client API tokens, with their owners",
        response: { 200: ClientTokenAdminListSchema, ...denied },
      },
    },
    () => clientTokens.listAll(),
  );

  app.delete(
    '/api/client-tokens/:token_id/admin',
    {
      config: requireScopes('users.write'),
      schema: {
        tags,
        summary: "Revoke anyone's token",
        params: ClientTokenIdParamsSchema,
        response: { 200: z.null(), 404: ErrorBodySchema, ...denied },
      },
    },
    async (request) => {
      await clientTokens.revokeAny(request.params.token_id);
      return null;
    },
  );
}
