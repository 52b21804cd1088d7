import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from './config/app-config.js';
import type { Db } from './db/database.js';
import { AuthService } from './modules/auth/auth.service.js';
import { SessionRepository } from './modules/auth/session.repository.js';
import { LibraryConfigService } from './modules/library/library-config.service.js';
import { SystemService } from './modules/system/system.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { UsersService } from './modules/users/users.service.js';

/** Composition root: repositories → services. */
export function createContainer(
  config: AppConfig,
  db: Db,
  version: string,
  log: FastifyBaseLogger,
) {
  const usersRepository = new UsersRepository(db);
  const sessionRepository = new SessionRepository(db);
  const libraryConfig = new LibraryConfigService(config.dataDir, log);
  const auth = new AuthService(usersRepository, sessionRepository, {
    sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
  });
  return {
    libraryConfig,
    auth,
    users: new UsersService(usersRepository),
    system: new SystemService(config, version, usersRepository, libraryConfig),
  };
}

export type Container = ReturnType<typeof createContainer>;
