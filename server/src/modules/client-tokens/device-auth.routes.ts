import {
  DeviceAuthApproveBodySchema,
  DeviceAuthApproveSchema,
  DeviceAuthDenyBodySchema,
  DeviceAuthInitBodySchema,
  DeviceAuthInitSchema,
  DeviceAuthPendingSchema,
  DeviceAuthTokenBodySchema,
  DeviceAuthTokenSchema,
  ErrorBodySchema,
  UserCodeParamsSchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import type { ZodApp } from '../../http/zod-app.js';
import { managerOf } from './client-tokens.routes.js';
import type { DeviceAuthService } from './device-auth.service.js';

interface DeviceAuthRoutesOptions {
  deviceAuth: DeviceAuthService;
}

const tags = ['device-auth'];
const denied = { 401: ErrorBodySchema, 403: ErrorBodySchema };
const codeErrors = { 404: ErrorBodySchema, 410: ErrorBodySchema, 429: ErrorBodySchema };

/** RomM's `/api/auth/device` family: a device asks, a signed-in person approves, the device polls. */
export const deviceAuthRoutes: FastifyPluginAsyncZod<DeviceAuthRoutesOptions> = async (
  app,
  { deviceAuth },
) => {
  deviceRoutes(app, deviceAuth);
  approvalRoutes(app, deviceAuth);
  await Promise.resolve();
};

/** What the device calls, before it has any credential. */
function deviceRoutes(app: ZodApp, deviceAuth: DeviceAuthService): void {
  app.post(
    '/api/auth/device/init',
    {
      config: {
        access: {
          public: true,
          ownCredentials: true,
          reason: 'A device starts pairing without credentials; rate-limited per client address',
        },
      },
      schema: {
        tags,
        summary: 'Start a device authorisation: a device code to poll with, a user code to show',
        body: DeviceAuthInitBodySchema,
        response: { 201: DeviceAuthInitSchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await deviceAuth.init(request.body, request.ip)),
  );

  app.post(
    '/api/auth/device/token',
    {
      config: {
        access: {
          public: true,
          ownCredentials: true,
          reason:
            'The device polls with its secret 64-hex device code; the token is handed over ' +
            'once after a person approved; rate-limited per client address',
        },
      },
      schema: {
        tags,
        summary:
          'Poll for the token (400 authorization_pending / slow_down / access_denied / expired_token)',
        body: DeviceAuthTokenBodySchema,
        response: { 200: DeviceAuthTokenSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    (request) => deviceAuth.poll(request.body.device_code, request.ip),
  );
}

/** What the web app calls for the signed-in person approving or refusing a device. */
function approvalRoutes(app: ZodApp, deviceAuth: DeviceAuthService): void {
  app.get(
    '/api/auth/device/pending/:user_code',
    {
      config: requireScopes('me.read'),
      schema: {
        tags,
        summary: 'A waiting device request and the scopes the caller may grant it',
        params: UserCodeParamsSchema,
        response: { 200: DeviceAuthPendingSchema, ...codeErrors, ...denied },
      },
    },
    (request) => deviceAuth.pending(request.params.user_code, managerOf(request), request.ip),
  );

  app.post(
    '/api/auth/device/approve',
    {
      config: requireScopes('me.write'),
      schema: {
        tags,
        summary: 'Approve a device: creates its token with the chosen scopes',
        body: DeviceAuthApproveBodySchema,
        response: { 200: DeviceAuthApproveSchema, ...codeErrors, ...denied },
      },
    },
    (request) => deviceAuth.approve(request.body, managerOf(request), request.ip),
  );

  app.post(
    '/api/auth/device/deny',
    {
      config: requireScopes('me.write'),
      schema: {
        tags,
        summary: 'Refuse a device request',
        body: DeviceAuthDenyBodySchema,
        response: { 200: z.null(), ...codeErrors, ...denied },
      },
    },
    async (request) => {
      await deviceAuth.deny(request.body.user_code, request.ip);
      return null;
    },
  );
}
