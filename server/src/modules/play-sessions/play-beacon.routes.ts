import {
  ErrorBodySchema,
  PlayBeaconBodySchema,
  PlayBeaconTokenBodySchema,
  PlayBeaconTokenSchema,
} from '@romshelf/contract';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { callerOf } from '../../http/caller.js';
import { HttpError } from '../../http/http-error.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { PlayBeacon } from './play-beacon.js';
import type { PlaySessionsService } from './play-sessions.service.js';

const tags = ['play-sessions'];

/** The beacon's body: a form (what the web player sends) or JSON. */
function beaconBody(body: unknown) {
  const parsed = PlayBeaconBodySchema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, 'Invalid beacon body');
  return parsed.data;
}

/** The web player's report of a play stretch when its tab closes (`navigator.sendBeacon`). */
export function playBeaconRoutes(
  app: ZodApp,
  playSessions: PlaySessionsService,
  beacon: PlayBeacon,
): void {
  app.post(
    '/api/play-sessions/beacon-token',
    {
      config: requireScopes('roms.user.write'),
      schema: {
        tags,
        summary:
          'A token for reporting play time on one game from a closing tab ' +
          '(POST /api/play-sessions/beacon), valid for 12 hours',
        body: PlayBeaconTokenBodySchema,
        response: {
          200: PlayBeaconTokenSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const userId = callerOf(request).id;
      await playSessions.assertRom(request.body.rom_id);
      return beacon.issue({ userId, romId: request.body.rom_id });
    },
  );

  app.post(
    '/api/play-sessions/beacon',
    {
      config: {
        access: {
          public: true,
          ownCredentials: true,
          reason:
            'sendBeacon sends no CSRF or Authorization header: the signed per-play token in ' +
            'the body authenticates, the session cookie is ignored',
        },
      },
      bodyLimit: 4096,
      schema: {
        tags,
        summary:
          'Report the stretch just played in the web player, from a closing tab: a form (or ' +
          'JSON) of token, start_time, end_time, duration_ms, the token from ' +
          'POST /api/play-sessions/beacon-token',
        response: { 204: z.null(), 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const body = beaconBody(request.body);
      const grant = beacon.verify(body.token);
      if (grant === null) throw new HttpError(401, 'Invalid or expired play token');
      await playSessions.ingestBeacon(grant, body);
      return reply.code(204).send(null);
    },
  );
}
