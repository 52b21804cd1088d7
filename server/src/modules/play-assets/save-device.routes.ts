import {
  AssetIdParamsSchema,
  ErrorBodySchema,
  SaveDeviceBodySchema,
  SaveSchema,
} from '@romshelf/contract';
import type { Scope } from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';

import { requireScopes } from '../../http/access.js';
import { forbidden } from '../../http/http-error.js';
import { callerOf } from '../../http/caller.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { PlayAssetsService } from './play-assets.service.js';

/** A save call naming a device also needs the devices scope (RomM): 403 without it. */
export function deviceIdAllowed(
  request: FastifyRequest,
  deviceId: string | undefined,
  scope: Scope,
): string | undefined {
  if (deviceId !== undefined && !request.scopes.includes(scope)) throw forbidden();
  return deviceId;
}

const ACTIONS = [
  {
    path: 'downloaded',
    summary: 'Confirm one of your devices downloaded this save as it is now',
  },
  { path: 'track', summary: 'Sync this save on one of your devices again' },
  { path: 'untrack', summary: 'Stop syncing this save on one of your devices' },
] as const;

/** RomM's `POST /api/saves/{id}/downloaded|track|untrack {device_id}`. */
export function saveDeviceRoutes(app: ZodApp, assets: PlayAssetsService): void {
  for (const { path, summary } of ACTIONS) {
    app.post(
      `/api/saves/:id/${path}`,
      {
        config: requireScopes('devices.write'),
        schema: {
          tags: ['assets'],
          summary,
          params: AssetIdParamsSchema,
          body: SaveDeviceBodySchema,
          response: {
            200: SaveSchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
      },
      (request) => {
        const userId = callerOf(request).id;
        const { id } = request.params;
        const { device_id: deviceId } = request.body;
        return path === 'downloaded'
          ? assets.confirmDownloaded(userId, id, deviceId)
          : assets.setTracked(userId, id, deviceId, path === 'track');
      },
    );
  }
}
