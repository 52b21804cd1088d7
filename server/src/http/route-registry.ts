import type { FastifyInstance, RouteOptions } from 'fastify';

import type { RouteAccess } from './access.js';

/** One registered route, as seen when it was added. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route added after registerRouteRegistry (tests check their access declarations). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** Records every route with its declared access; call before any route is added. */
export function registerRouteRegistry(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    for (const method of methods) {
      routes.push({ method, url: route.url, access: route.config?.access });
    }
  });
}
