import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from '../../config/app-config.js';
import type { Db } from '../../db/database.js';
import { DavStore } from './dav-store.js';
import { DatabaseTreeLocks } from './tree-locks.js';

/**
 * The users' WebDAV trees under `<data>/webdav`, with the configured file size limit; a tree's
 * changes wait for each other in every process sharing the database.
 */
export function createDavStore(config: AppConfig, db: Db, log: FastifyBaseLogger): DavStore {
  return new DavStore({
    root: path.join(config.dataDir, 'webdav'),
    maxFileBytes: config.webdavMaxFileBytes,
    locks: new DatabaseTreeLocks(db),
    onListenerError: (error, change) => {
      log.warn(
        { err: error, userId: change.userId, path: change.relPath },
        'WebDAV change listener failed',
      );
    },
  });
}
