import type { MissingRoms } from '@romshelf/contract';
import {
  ConfigSchema,
  ErrorBodySchema,
  ExclusionBodySchema,
  ExclusionParamsSchema,
  MissingRomsSchema,
  PlatformBindingBodySchema,
  PlatformBindingParamsSchema,
  ScanSettingsBodySchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopes } from '../../http/access.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { LibraryConfigEditor } from './library-config.editor.js';

/** Answers of every config.yml change: the configuration now in force, or why not. */
const changeResponses = {
  200: ConfigSchema,
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  409: ErrorBodySchema,
};

/**
 * Library management: the missing ROMs, and RomM's config.yml editing routes. RomM answers null (and 500 when the file is not writable);
 * here a change answers the new configuration, and a missing, read-only or broken file is a 409.
 */
export const libraryConfigRoutes: FastifyPluginAsyncZod<{
  editor: LibraryConfigEditor;
  /** The ROM rows whose files are gone (roms/, which sits above library/, provides them). */
  romMaintenance: { missingRoms(): Promise<MissingRoms> };
}> = async (app, { editor, romMaintenance }) => {
  app.get(
    '/api/library/missing-roms',
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['config'],
        summary: 'ROMs missing from disk (the cleanup_missing_roms task removes them)',
        response: { 200: MissingRomsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    () => romMaintenance.missingRoms(),
  );
  bindingRoutes(app, editor, 'platforms', 'Bind a library folder to a platform');
  bindingRoutes(app, editor, 'versions', 'Make a library folder a version of a platform');
  exclusionRoutes(app, editor);
  app.put(
    '/api/config/scan',
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['config'],
        summary: 'Replace the scan settings: source priorities, regions, languages, media, exports',
        description:
          'Writes the `scan` section of config.yml, keeping its comments. A null or absent ' +
          '`cover_priority`, `screenshot_priority` or `manual_priority` removes that override ' +
          '(it then follows `artwork_priority`). Repeated entries are dropped, order kept.',
        body: ScanSettingsBodySchema,
        response: changeResponses,
      },
    },
    (request) => editor.updateScanSettings(request.body),
  );
  await Promise.resolve();
};

function bindingRoutes(
  app: ZodApp,
  editor: LibraryConfigEditor,
  section: 'platforms' | 'versions',
  summary: string,
): void {
  app.post(
    `/api/config/system/${section}`,
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['config'],
        summary,
        body: PlatformBindingBodySchema,
        response: changeResponses,
      },
    },
    (request) => editor.addBinding(section, request.body),
  );

  app.delete(
    `/api/config/system/${section}/:fs_slug`,
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['config'],
        summary: `Remove the ${section === 'platforms' ? 'binding' : 'version'} of a library folder`,
        params: PlatformBindingParamsSchema,
        response: changeResponses,
      },
    },
    (request) => editor.removeBinding(section, request.params.fs_slug),
  );
}

function exclusionRoutes(app: ZodApp, editor: LibraryConfigEditor): void {
  app.post(
    '/api/config/exclude',
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['config'],
        summary: 'Exclude a platform folder, file, folder or extension from scans',
        body: ExclusionBodySchema,
        response: changeResponses,
      },
    },
    (request) => editor.addExclusion(request.body.exclusion_type, request.body.exclusion_value),
  );

  app.delete(
    '/api/config/exclude/:exclusion_type/:exclusion_value',
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['config'],
        summary: 'Remove an exclusion',
        params: ExclusionParamsSchema,
        response: changeResponses,
      },
    },
    (request) =>
      editor.removeExclusion(request.params.exclusion_type, request.params.exclusion_value),
  );
}
