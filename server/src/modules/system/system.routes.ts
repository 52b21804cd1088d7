import {
  ConfigSchema,
  ErrorBodySchema,
  HeartbeatSchema,
  LibraryInfoSchema,
  StreamingConfigSchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { publicRoute, requireScopes } from '../../http/access.js';
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

  // Like RomM, the library configuration is readable without signing in (netplay servers aside).
  app.get(
    '/api/config',
    {
      config: publicRoute,
      schema: {
        tags: ['system'],
        summary:
          'Library rules from config.yml (netplay ICE servers only for callers with roms.read)',
        response: { 200: ConfigSchema },
      },
    },
    (request) => system.libraryConfigView(request.scopes),
  );

  app.get(
    '/api/streaming/config',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['system'],
        summary: "RomM's cloud streaming settings: always disabled",
        response: { 200: StreamingConfigSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    () => system.streamingConfig(),
  );

  // The server's own paths are only for people who manage the library.
  app.get(
    '/api/library/info',
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['system'],
        summary: 'Library folder, layout and platform folders',
        response: { 200: LibraryInfoSchema },
      },
    },
    () => system.libraryInfo(),
  );

  await Promise.resolve();
};
