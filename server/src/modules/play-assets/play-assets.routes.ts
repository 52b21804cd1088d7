import {
  AssetIdParamsSchema,
  AssetListQuerySchema,
  AssetUploadQuerySchema,
  AssetVisibilityBodySchema,
  DeletedIdsSchema,
  ErrorBodySchema,
  IdentifiersSchema,
  DeviceQuerySchema,
  SaveContentQuerySchema,
  SaveListQuerySchema,
  SaveSchema,
  SaveSummaryQuerySchema,
  SaveSummarySchema,
  SaveUploadQuerySchema,
  SavesDeleteBodySchema,
  StateSchema,
  StatesDeleteBodySchema,
} from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { HttpError } from '../../http/http-error.js';
import { callerOf } from '../../http/caller.js';
import type { ZodApp } from '../../http/zod-app.js';
import { multipartError, sendStoredFile } from '../../lib/stored-files.js';
import type { AssetUploadPart, PlayAssetsService, SyncedKind } from './play-assets.service.js';
import { galleryScreenshotRoutes } from './gallery-screenshots.routes.js';
import { deviceIdAllowed, saveDeviceRoutes } from './save-device.routes.js';
import { saveHistorySettingsRoutes, saveVersionRoutes } from './save-history.routes.js';

/** Largest screenshot kept with a save or state. */
const SCREENSHOT_MAX_BYTES = 20 * 1024 * 1024;

/** The parts of a save/state upload: `saveFile`/`stateFile` streamed, `screenshotFile` buffered. */
async function* uploadParts(
  request: FastifyRequest,
  assetField: string,
  maxBytes: number,
): AsyncGenerator<AssetUploadPart> {
  if (!request.isMultipart()) throw new HttpError(400, 'Expected a multipart form');
  try {
    for await (const part of request.parts({
      preservePath: true,
      limits: { fileSize: maxBytes, files: 2 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname === assetField) {
        const file = part.file;
        yield {
          field: 'asset',
          fileName: part.filename,
          stream: file,
          truncated: () => file.truncated,
        };
      } else if (part.fieldname === 'screenshotFile') {
        const bytes = await part.toBuffer();
        if (bytes.length > SCREENSHOT_MAX_BYTES) throw new HttpError(413, 'Screenshot too large');
        yield { field: 'screenshot', fileName: part.filename, bytes };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
}

interface AssetKind {
  kind: SyncedKind;
  prefix: string;
  field: string;
  label: string;
}

const KINDS: AssetKind[] = [
  { kind: 'save', prefix: '/api/saves', field: 'saveFile', label: 'save' },
  { kind: 'state', prefix: '/api/states', field: 'stateFile', label: 'state' },
];

interface PlayAssetsRoutesOptions {
  assets: PlayAssetsService;
  maxUploadBytes: number;
}

/** Error answers of an upload, besides 413. */
const UPLOAD_ERRORS = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

export const playAssetsRoutes: FastifyPluginAsyncZod<PlayAssetsRoutesOptions> = async (
  app,
  options,
) => {
  for (const kind of KINDS) {
    uploadRoute(app, options, kind);
    collectionRoutes(app, options, kind);
    visibilityRoute(app, options, kind);
    saveVersionRoutes(app, options.assets, kind.kind, kind.prefix);
    if (kind.kind === 'save') {
      saveSummaryRoutes(app, options);
      saveDeviceRoutes(app, options.assets);
    }
    itemRoutes(app, options, kind);
  }
  saveHistorySettingsRoutes(app, options.assets);
  screenshotRoutes(app, options);
  galleryScreenshotRoutes(app, options.assets.gallery);
  await Promise.resolve();
};

/** Upload a save or state; saves take RomM's slot options. */
function uploadRoute(
  app: ZodApp,
  { assets, maxUploadBytes }: PlayAssetsRoutesOptions,
  { kind, prefix, field, label }: AssetKind,
): void {
  const schema = kind === 'save' ? SaveSchema : StateSchema;

  app.post(
    prefix,
    {
      config: requireScopes('assets.write'),
      schema: {
        tags: ['assets'],
        summary:
          kind === 'save'
            ? 'Upload a save (multipart `saveFile`, optional `screenshotFile`); a `slot` keeps ' +
              'its versions, `autocleanup` the newest `autocleanup_limit` of them; a ' +
              '`device_id` whose copy is behind gets 409 and its upload is kept aside'
            : `Upload a ${label} (multipart \`${field}\`, optional \`screenshotFile\`)`,
        querystring: kind === 'save' ? SaveUploadQuerySchema : AssetUploadQuerySchema,
        response: { 200: schema, ...UPLOAD_ERRORS, 409: ErrorBodySchema, 413: ErrorBodySchema },
      },
    },
    async (request) => {
      const query = request.query as Partial<z.infer<typeof SaveUploadQuerySchema>> &
        z.infer<typeof AssetUploadQuerySchema>;
      try {
        return await assets.upload(
          callerOf(request).id,
          kind,
          { romId: query.rom_id, emulator: query.emulator ?? null },
          uploadParts(request, field, maxUploadBytes),
          {
            slot: query.slot === undefined || query.slot === '' ? null : query.slot,
            overwrite: query.overwrite ?? false,
            autocleanup: query.autocleanup ?? false,
            autocleanupLimit: query.autocleanup_limit ?? 10,
          },
          {
            deviceId: deviceIdAllowed(request, query.device_id, 'devices.write'),
            sessionId: query.session_id,
          },
        );
      } catch (error) {
        throw multipartError(error);
      }
    },
  );
}

/** Your saves or states: list, delete, ids. */
function collectionRoutes(
  app: ZodApp,
  { assets }: PlayAssetsRoutesOptions,
  { kind, prefix, label }: AssetKind,
): void {
  const schema = kind === 'save' ? SaveSchema : StateSchema;

  app.get(
    prefix,
    {
      config: requireScopes('assets.read'),
      schema: {
        tags: ['assets'],
        summary: `Your ${label}s, optionally of one ROM or platform${kind === 'save' ? ' or slot' : ''}`,
        querystring: kind === 'save' ? SaveListQuerySchema : AssetListQuerySchema,
        response: { 200: z.array(schema), 401: ErrorBodySchema },
      },
    },
    (request) => {
      const query = request.query as z.infer<typeof SaveListQuerySchema>;
      return assets.list(
        callerOf(request).id,
        kind,
        { romId: query.rom_id, platformId: query.platform_id, slot: query.slot },
        kind === 'save' ? deviceIdAllowed(request, query.device_id, 'devices.read') : undefined,
      );
    },
  );

  app.post(
    `${prefix}/delete`,
    {
      config: requireScopes('assets.write'),
      schema: {
        tags: ['assets'],
        summary: `Delete your ${label}s; answers the ids deleted`,
        body: kind === 'save' ? SavesDeleteBodySchema : StatesDeleteBodySchema,
        response: { 200: DeletedIdsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    (request) => {
      const body = request.body as { saves?: number[]; states?: number[] };
      return assets.delete(callerOf(request).id, kind, body.saves ?? body.states ?? []);
    },
  );

  app.get(
    `${prefix}/identifiers`,
    {
      config: requireScopes('assets.read'),
      schema: {
        tags: ['assets'],
        summary: `The ids of your ${label}s`,
        response: { 200: IdentifiersSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => (await assets.list(callerOf(request).id, kind, {})).map((item) => item.id),
  );
}

function saveSummaryRoutes(app: ZodApp, { assets }: PlayAssetsRoutesOptions): void {
  app.get(
    '/api/saves/summary',
    {
      config: requireScopes('assets.read'),
      schema: {
        tags: ['assets'],
        summary: 'Your saves of one ROM, counted by slot with the latest of each',
        querystring: SaveSummaryQuerySchema,
        response: {
          200: SaveSummarySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    (request) => assets.saveSummary(callerOf(request).id, request.query.rom_id),
  );
}

/** One save or state: read, replace, download. */
function itemRoutes(
  app: ZodApp,
  { assets, maxUploadBytes }: PlayAssetsRoutesOptions,
  { kind, prefix, field, label }: AssetKind,
): void {
  const schema = kind === 'save' ? SaveSchema : StateSchema;

  app.get(
    `${prefix}/:id`,
    {
      config: requireScopes('assets.read'),
      schema: {
        tags: ['assets'],
        summary: `One of your ${label}s`,
        params: AssetIdParamsSchema,
        querystring: DeviceQuerySchema,
        response: { 200: schema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) =>
      assets.get(
        callerOf(request).id,
        kind,
        request.params.id,
        kind === 'save'
          ? deviceIdAllowed(request, request.query.device_id, 'devices.read')
          : undefined,
      ),
  );

  app.put(
    `${prefix}/:id`,
    {
      config: requireScopes('assets.write'),
      schema: {
        tags: ['assets'],
        summary: `Replace one of your ${label}s (multipart \`${field}\`), or set its screenshot alone`,
        params: AssetIdParamsSchema,
        querystring: DeviceQuerySchema,
        response: { 200: schema, ...UPLOAD_ERRORS, 413: ErrorBodySchema },
      },
    },
    async (request) => {
      try {
        return await assets.upload(
          callerOf(request).id,
          kind,
          { existingId: request.params.id },
          uploadParts(request, field, maxUploadBytes),
          undefined,
          {
            deviceId:
              kind === 'save'
                ? deviceIdAllowed(request, request.query.device_id, 'devices.write')
                : undefined,
          },
        );
      } catch (error) {
        throw multipartError(error);
      }
    },
  );

  contentRoute(app, assets, kind, prefix, label);
}

/** Download a save or state (a device's optimistic download of a save counts as synced). */
function contentRoute(
  app: ZodApp,
  assets: PlayAssetsService,
  kind: SyncedKind,
  prefix: string,
  label: string,
): void {
  app.get(
    `${prefix}/:id/content`,
    {
      config: requireScopes('assets.read'),
      schema: {
        tags: ['assets'],
        summary:
          `Download one of your ${label}s, or a public one of another user` +
          (kind === 'save' ? '; a `device_id` downloading optimistically counts as synced' : ''),
        params: AssetIdParamsSchema,
        querystring: SaveContentQuerySchema,
        response: { 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { file, fileName } = await assets.openContent(
        callerOf(request).id,
        kind,
        request.params.id,
        kind === 'save'
          ? {
              deviceId: deviceIdAllowed(request, query.device_id, 'devices.read'),
              sessionId: query.session_id,
              optimistic: query.optimistic,
            }
          : {},
      );
      return sendStoredFile(reply, file, fileName);
    },
  );
}

/** Share or unshare one of your saves or states (RomM's `{is_public}`); others get 404. */
function visibilityRoute(
  app: ZodApp,
  { assets }: PlayAssetsRoutesOptions,
  { kind, prefix, label }: AssetKind,
): void {
  const schema = kind === 'save' ? SaveSchema : StateSchema;
  app.put(
    `${prefix}/:id/visibility`,
    {
      config: requireScopes('assets.write'),
      schema: {
        tags: ['assets'],
        summary: `Share one of your ${label}s with every user, or make it private again`,
        params: AssetIdParamsSchema,
        body: AssetVisibilityBodySchema,
        response: { 200: schema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) =>
      assets.setVisibility(callerOf(request).id, kind, request.params.id, request.body.is_public),
  );
}

function screenshotRoutes(app: ZodApp, { assets }: PlayAssetsRoutesOptions): void {
  app.get(
    '/api/screenshots/:id/content',
    {
      config: requireScopes('assets.read'),
      schema: {
        tags: ['assets'],
        summary:
          'One of your screenshots (taken with a save or state, or added to a gallery), or a public one',
        params: AssetIdParamsSchema,
        response: { 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { file, fileName } = await assets.openContent(
        callerOf(request).id,
        'screenshot',
        request.params.id,
      );
      const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
      const type =
        { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' }[extension] ??
        'application/octet-stream';
      return sendStoredFile(reply, file, fileName, type).header('content-disposition', 'inline');
    },
  );
}
