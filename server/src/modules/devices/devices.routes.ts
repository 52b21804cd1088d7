import {
  DeviceCreateBodySchema,
  DeviceCreatedSchema,
  DeviceIdParamsSchema,
  DeviceSchema,
  DeviceUpdateBodySchema,
  ErrorBodySchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import type { ZodApp } from '../../http/zod-app.js';
import { callerOf } from '../../http/caller.js';
import type { DevicesService } from './devices.service.js';

interface DevicesRoutesOptions {
  devices: DevicesService;
}

const tags = ['devices'];
const denied = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** RomM's `/api/devices`: a user's handhelds and apps. */
export const devicesRoutes: FastifyPluginAsyncZod<DevicesRoutesOptions> = async (
  app,
  { devices },
) => {
  app.post(
    '/api/devices',
    {
      config: requireScopes('devices.write'),
      schema: {
        tags,
        summary:
          'Register a device (201), or get the one with the same fingerprint back (200; 409 ' +
          'when `allow_existing` is false)',
        body: DeviceCreateBodySchema,
        response: {
          200: DeviceCreatedSchema,
          201: DeviceCreatedSchema,
          409: ErrorBodySchema,
          ...denied,
        },
      },
    },
    async (request, reply) => {
      const { created, device } = await devices.register(callerOf(request).id, request.body);
      return reply.code(created ? 201 : 200).send(device);
    },
  );

  app.get(
    '/api/devices',
    {
      config: requireScopes('devices.read'),
      schema: {
        tags,
        summary: "The caller's devices, with when each was last seen",
        response: { 200: z.array(DeviceSchema), ...denied },
      },
    },
    (request) => devices.list(callerOf(request).id),
  );

  deviceRoutes(app, devices);
  await Promise.resolve();
};

/** One device: read, rename, remove. */
function deviceRoutes(app: ZodApp, devices: DevicesService): void {
  app.get(
    '/api/devices/:device_id',
    {
      config: requireScopes('devices.read'),
      schema: {
        tags,
        summary: 'One of your devices',
        params: DeviceIdParamsSchema,
        response: { 200: DeviceSchema, 404: ErrorBodySchema, ...denied },
      },
    },
    (request) => devices.get(callerOf(request).id, request.params.device_id),
  );

  app.put(
    '/api/devices/:device_id',
    {
      config: requireScopes('devices.write'),
      schema: {
        tags,
        summary: 'Rename one of your devices or change its details (only the fields sent)',
        params: DeviceIdParamsSchema,
        body: DeviceUpdateBodySchema,
        response: { 200: DeviceSchema, 404: ErrorBodySchema, ...denied },
      },
    },
    (request) => devices.update(callerOf(request).id, request.params.device_id, request.body),
  );

  app.delete(
    '/api/devices/:device_id',
    {
      config: requireScopes('devices.write'),
      schema: {
        tags,
        summary: 'Remove one of your devices (its saves stay)',
        params: DeviceIdParamsSchema,
        response: { 204: z.null(), 404: ErrorBodySchema, ...denied },
      },
    },
    async (request, reply) => {
      await devices.remove(callerOf(request).id, request.params.device_id);
      return reply.code(204).send(null);
    },
  );
}
