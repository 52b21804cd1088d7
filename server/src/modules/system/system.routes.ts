import { ConfigSchema, HeartbeatSchema } from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { publicRoute } from '../../http/access.js';
import type { SystemService } from './system.service.js';

export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (
  app,
  { system },
) => {
  app.get(
    '/api/heartbeat',
    {
      config: publicRoute,
      schema: {
        tags: ['system'],
        summary: 'Server capabilities, read before login',
        response: { 200: HeartbeatSchema },
      },
    },
    () => system.heartbeat(),
  );

  // Like RomM, the library configuration is readable without signing in.
  app.get(
    '/api/config',
    {
      config: publicRoute,
      schema: {
        tags: ['system'],
        summary: 'Library rules from config.yml',
        response: { 200: ConfigSchema },
      },
    },
    () => system.libraryConfigView(),
  );

  await Promise.resolve();
};
