import { ErrorBodySchema, LogEntrySchema, LogsQuerySchema } from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { HttpError } from '../../http/http-error.js';
import type { LogRing } from './log-ring.js';

/** `GET /api/logs` (RomM 5): the logs viewer's backfill. `ring` is null with DISABLE_LOGS_VIEWER. */
export const logsRoutes: FastifyPluginAsyncZod<{ ring: LogRing | null }> = async (
  app,
  { ring },
) => {
  app.get(
    '/api/logs',
    {
      config: requireScopes('logs.read'),
      schema: {
        tags: ['logs'],
        summary: "The server's most recent log lines, oldest first",
        description:
          'Up to `limit` (1–1000) of the lines the server wrote at its LOG_LEVEL, with the same ' +
          'redaction as its log output. New lines arrive on the socket as `logs:entry` for ' +
          'users holding `logs.read`. 404 when DISABLE_LOGS_VIEWER is set.',
        querystring: LogsQuerySchema,
        response: {
          200: z.array(LogEntrySchema),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request) => {
      if (ring === null) throw new HttpError(404, 'Logs viewer is disabled');
      return ring.recent(request.query.limit);
    },
  );
  await Promise.resolve();
};
