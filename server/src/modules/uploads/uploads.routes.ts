import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { RomsService } from '../roms/roms.service.js';
import { chunkedUploadRoutes } from './chunked-upload.routes.js';
import { combineDiscsRoute } from './disc-combine.routes.js';
import type { DiscCombiner } from './disc-combine.js';
import type { ChunkedUploadService } from './chunked-upload.service.js';
import { uploadRomRoute } from './rom-upload.routes.js';
import type { RomUploadService } from './rom-upload.service.js';

export interface UploadsRoutesOptions {
  uploads: RomUploadService;
  chunked: ChunkedUploadService;
  discs: DiscCombiner;
  /** Answers with the stored ROM. */
  roms: RomsService;
}

/** ROM uploads: `POST /api/roms` (one multipart request) RomM's chunked `/api/roms/upload/*`, and loose discs combined under a written `.m3u`. */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (
  app,
  { uploads, chunked, discs, roms },
) => {
  uploadRomRoute(app, roms, uploads);
  combineDiscsRoute(app, roms, discs);
  await app.register(chunkedUploadRoutes, { chunked, roms });
};
