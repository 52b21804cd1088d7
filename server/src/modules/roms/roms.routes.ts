import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { RomEditsService } from './edits/rom-edits.service.js';
import { romPropsRoute, updateRomRoute } from './edits/rom-edits.routes.js';
import type { RomFilesService } from './files/rom-files.service.js';
import {
  deleteRomsRoute,
  downloadRomsRoute,
  romContentRoute,
  romFileContentRoute,
} from './files/rom-files.routes.js';
import { convertToFolderRoute, deleteRomFileRoute } from './files/rom-file-actions.routes.js';
import type { RomManualsService } from './manuals/rom-manuals.service.js';
import { romFolderFileRoutes } from './folder-files/rom-folder-files.routes.js';
import type { RomFolderFilesService } from './folder-files/rom-folder-files.service.js';
import { romNotesReadRoutes, romNotesWriteRoutes } from './notes/rom-notes.routes.js';
import type { RomNotesService } from './notes/rom-notes.service.js';
import { deleteManualRoute, manualRoute, uploadManualRoute } from './manuals/rom-manuals.routes.js';
import type { RomPropsService } from './edits/rom-props.service.js';
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
import { resourcesRoute } from './resources/rom-resources.routes.js';
import type { RomListService } from './list/rom-list.service.js';
import type { RomCollections } from './rom-collections.js';
import type { RomsService } from './roms.service.js';

export interface RomsRoutesOptions {
  roms: RomsService;
  lists: RomListService;
  files: RomFilesService;
  edits: RomEditsService;
  props: RomPropsService;
  manuals: RomManualsService;
  folderFiles: RomFolderFilesService;
  notes: RomNotesService;
  /**
   * The upload routes (the uploads module, which sits above this one), registered where they
   * belong in the OpenAPI document's path order.
   */
  uploadRoutes: FastifyPluginAsync;
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
  await app.register(options.uploadRoutes);
  deleteRomsRoute(app, files);
  updateRomRoute(app, roms, edits);
  convertToFolderRoute(app, roms, files.actions);
  deleteRomFileRoute(app, roms, files.actions);
  romPropsRoute(app, props);
  romNotesReadRoutes(app, options.notes);
  romNotesWriteRoutes(app, options.notes);
  uploadManualRoute(app, roms, manuals);
  deleteManualRoute(app, manuals);
  manualRoute(app, manuals);
  romFolderFileRoutes(app, options.folderFiles);
  resourcesRoute(app, options.resourcesDir, options.collections);
};
