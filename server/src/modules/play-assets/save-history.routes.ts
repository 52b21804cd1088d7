import {
  AssetIdParamsSchema,
  AssetVersionParamsSchema,
  ErrorBodySchema,
  SaveHistorySettingsBodySchema,
  SaveHistorySettingsSchema,
  SaveSchema,
  SaveVersionSchema,
  StateSchema,
} from '@romshelf/contract';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { callerOf } from '../../http/caller.js';
import type { ZodApp } from '../../http/zod-app.js';
import { sendStoredFile } from '../../lib/stored-files.js';
import type { PlayAssetsService, SyncedKind } from './play-assets.service.js';

const tags = ['assets'];
const denied = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The earlier versions of a save or state: list, download, restore. */
export function saveVersionRoutes(
  app: ZodApp,
  assets: PlayAssetsService,
  kind: SyncedKind,
  prefix: string,
): void {
  app.get(
    `${prefix}/:id/versions`,
    {
      config: requireScopes('assets.read'),
      schema: {
        tags,
        summary: `The earlier versions of one of your ${kind}s (kept when an upload replaced it), newest first`,
        params: AssetIdParamsSchema,
        response: { 200: z.array(SaveVersionSchema), ...denied, 404: ErrorBodySchema },
      },
    },
    (request) => assets.versions(callerOf(request).id, kind, request.params.id),
  );

  app.get(
    `${prefix}/:id/versions/:version_id/content`,
    {
      config: requireScopes('assets.read'),
      schema: {
        tags,
        summary: `Download an earlier version of one of your ${kind}s`,
        params: AssetVersionParamsSchema,
        response: { ...denied, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { id, version_id } = request.params;
      const { file, fileName } = await assets.openVersion(
        callerOf(request).id,
        kind,
        id,
        version_id,
      );
      return sendStoredFile(reply, file, fileName);
    },
  );

  app.post(
    `${prefix}/:id/versions/:version_id/restore`,
    {
      config: requireScopes('assets.write'),
      schema: {
        tags,
        summary:
          `Make an earlier version the current content of one of your ${kind}s; ` +
          'the content it replaces is kept as a version',
        params: AssetVersionParamsSchema,
        response: {
          200: kind === 'save' ? SaveSchema : StateSchema,
          ...denied,
          404: ErrorBodySchema,
        },
      },
    },
    (request) =>
      assets.restoreVersion(
        callerOf(request).id,
        kind,
        request.params.id,
        request.params.version_id,
      ),
  );
}

/** How many earlier versions your saves and states keep, and for how long. */
export function saveHistorySettingsRoutes(app: ZodApp, assets: PlayAssetsService): void {
  app.get(
    '/api/save-history/settings',
    {
      config: requireScopes('assets.read'),
      schema: {
        tags,
        summary: 'Your save-history limits (null: the server default) and the server defaults',
        response: { 200: SaveHistorySettingsSchema, ...denied },
      },
    },
    (request) => assets.history.settings(callerOf(request).id),
  );

  app.put(
    '/api/save-history/settings',
    {
      config: requireScopes('assets.write'),
      schema: {
        tags,
        summary:
          'Set how many earlier versions each of your saves and states keeps (0: none) and for ' +
          'how many days after being replaced (0: no limit); versions beyond them are deleted',
        body: SaveHistorySettingsBodySchema,
        response: { 200: SaveHistorySettingsSchema, 400: ErrorBodySchema, ...denied },
      },
    },
    (request) => assets.history.saveSettings(callerOf(request).id, request.body),
  );
}
