import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { RomEditsService } from './rom-edits.service.js';
import { romPropsRoute, updateRomRoute } from './rom-edits.routes.js';
import type { RomFilesService } from './rom-files.service.js';
import {
  deleteRomsRoute,
  downloadRomsRoute,
  romContentRoute,
  romFileContentRoute,
  uploadRomRoute,
} from './rom-files.routes.js';
import type { RomManualsService } from './rom-manuals.service.js';
import { romNotesReadRoutes, romNotesWriteRoutes } from './rom-notes.routes.js';
import type { RomNotesService } from './rom-notes.service.js';
import { deleteManualRoute, manualRoute, uploadManualRoute } from './rom-manuals.routes.js';
import type { RomPropsService } from './rom-props.service.js';
import {
  listRomsRoute,
  randomRomRoute,
  romByHashRoute,
  romByProviderRoute,
  romFileRoute,
  romFiltersRoute,
  romIdentifiersRoute,
  romRoute,
  simpleRomRoute,
} from './rom-queries.routes.js';
import { resourcesRoute } from './rom-resources.routes.js';
import { chunkedUploadRoutes } from './rom-chunked-upload.routes.js';
import type { ChunkedUploadService } from './rom-chunked-upload.js';
import type { RomUploadService } from './rom-upload.js';
import type { DiscCombiner } from './disc-combine.js';
import { combineDiscsRoute } from './disc-combine.routes.js';
import type { RomListService } from './rom-list.service.js';
import type { RomCollections } from './rom-collections.js';
import type { RomsService } from './roms.service.js';

export interface RomsRoutesOptions {
  roms: RomsService;
  lists: RomListService;
  files: RomFilesService;
  edits: RomEditsService;
  props: RomPropsService;
  manuals: RomManualsService;
  notes: RomNotesService;
  uploads: RomUploadService;
  discs: DiscCombiner;
  chunkedUploads: ChunkedUploadService;
  /** `<data>/resources`, served at /assets/romm/resources/. */
  resourcesDir: string;
  /** Decides who may fetch a collection's cover files. */
  collections: Pick<RomCollections, 'assertReadable'>;
}

/**
 * Every ROM route, each calling the service that owns its job. They are registered in the
 * order of the OpenAPI document, which lists paths in registration order.
 */
export const romsRoutes: FastifyPluginAsyncZod<RomsRoutesOptions> = async (app, options) => {
  const { roms, files, edits, props, manuals } = options;
  listRomsRoute(app, options.lists);
  romIdentifiersRoute(app, roms);
  romFiltersRoute(app, options.lists);
  randomRomRoute(app, options.lists);
  romByHashRoute(app, roms);
  downloadRomsRoute(app, files, options.lists);
  romByProviderRoute(app, roms);
  romRoute(app, roms);
  simpleRomRoute(app, roms);
  romFileRoute(app, roms);
  romContentRoute(app, files);
  romFileContentRoute(app, files);
  uploadRomRoute(app, roms, options.uploads);
  await app.register(chunkedUploadRoutes, { chunked: options.chunkedUploads, roms });
  deleteRomsRoute(app, files);
  combineDiscsRoute(app, roms, options.discs);
  updateRomRoute(app, roms, edits);
  romPropsRoute(app, props);
  romNotesReadRoutes(app, options.notes);
  romNotesWriteRoutes(app, options.notes);
  uploadManualRoute(app, roms, manuals);
  deleteManualRoute(app, manuals);
  manualRoute(app, manuals);
  resourcesRoute(app, options.resourcesDir, options.collections);
};
