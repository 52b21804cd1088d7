import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from '../../config/app-config.js';
import { DavStore } from './dav-store.js';

/** The users' WebDAV trees under `<data>/webdav`, with the configured file size limit. */
export function createDavStore(config: AppConfig, log: FastifyBaseLogger): DavStore {
  return new DavStore({
    root: path.join(config.dataDir, 'webdav'),
    maxFileBytes: config.webdavMaxFileBytes,
    onListenerError: (error, change) => {
      log.warn(
        { err: error, userId: change.userId, path: change.relPath },
        'WebDAV change listener failed',
      );
    },
  });
}
