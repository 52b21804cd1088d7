import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { RomsService } from '../roms/roms.service.js';
import { chunkedUploadRoutes } from './chunked-upload.routes.js';
import type { ChunkedUploadService } from './chunked-upload.service.js';
import { uploadRomRoute } from './rom-upload.routes.js';
import type { RomUploadService } from './rom-upload.service.js';

export interface UploadsRoutesOptions {
  uploads: RomUploadService;
  chunked: ChunkedUploadService;
  /** Answers with the stored ROM. */
  roms: RomsService;
}

/** ROM uploads: `POST /api/roms` (one multipart request) and RomM's chunked `/api/roms/upload/*`. */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (
  app,
  { uploads, chunked, roms },
) => {
  uploadRomRoute(app, roms, uploads);
  await app.register(chunkedUploadRoutes, { chunked, roms });
};
