import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { smartCollectionsRoutes } from './smart-collections.routes.js';
import type { SmartCollectionsService } from './smart-collections.service.js';
import { virtualCollectionsRoutes } from './virtual-collections.routes.js';
import type { VirtualCollectionsService } from './virtual-collections.service.js';

export interface DynamicCollectionsRoutesOptions {
  virtual: VirtualCollectionsService;
  smart: SmartCollectionsService;
}

/** The collections whose members are computed: virtual (from metadata) and smart (saved filters). */
export const dynamicCollectionsRoutes: FastifyPluginAsyncZod<
  DynamicCollectionsRoutesOptions
> = async (app, options) => {
  virtualCollectionsRoutes(app, options.virtual);
  smartCollectionsRoutes(app, options.smart);
  await Promise.resolve();
};
