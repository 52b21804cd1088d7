import type { FastifyInstance } from 'fastify';

import type { RouteAccess } from '../../http/access.js';
import type { DavAuthDeps } from './dav-auth.js';
import { ALLOW, DAV_METHODS, DavHandlers } from './dav-handlers.js';
import type { DavStore } from './dav-store.js';
import { DAV_PREFIX } from './dav-urls.js';

/** Methods Fastify does not know by itself, and whether they carry a body. */
const EXTRA_METHODS = [
  ['PROPFIND', true],
  ['MKCOL', true],
  ['MOVE', false],
  ['COPY', false],
] as const;

const DAV_ACCESS: RouteAccess = {
  public: true,
  ownCredentials: true,
  reason: 'WebDAV checks HTTP Basic itself: the user name with a client token as the password',
};

export interface WebdavRoutesOptions {
  store: DavStore;
  auth: DavAuthDeps;
}

/** Teaches the server WebDAV's methods; call on the root instance before the routes. */
export function addDavMethods(app: FastifyInstance): void {
  for (const [method, hasBody] of EXTRA_METHODS) app.addHttpMethod(method, { hasBody });
}

/**
 * `/dav/<user>/…`: each user's WebDAV tree for RetroArch's cloud sync (and any WebDAV
 * client). Kept out of the OpenAPI document; a PUT's body is streamed to disk as it comes.
 */
export async function webdavRoutes(app: FastifyInstance, options: WebdavRoutesOptions) {
  await options.store.sweep();
  const handlers = new DavHandlers(options.store, options.auth);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 405) reply.header('allow', ALLOW);
    return payload;
  });
  // Bodies are read by the handlers themselves, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(null, undefined);
  });
  for (const url of [`${DAV_PREFIX}/:username`, `${DAV_PREFIX}/:username/*`]) {
    app.route({
      method: [...DAV_METHODS],
      url,
      config: { access: DAV_ACCESS },
      schema: { hide: true },
      handler: (request, reply) => handlers.handle(request, reply),
    });
  }
}
