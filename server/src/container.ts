import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from './config/app-config.js';
import type { Db } from './db/database.js';
import { ConfinedFiles, UPLOAD_TEMP_FOLDER } from './lib/confined-files.js';
import { createSmtpMailer } from './lib/mailer.js';
import { AuthService } from './modules/auth/auth.service.js';
import { CredentialLimiter } from './modules/auth/credential-limiter.js';
import { OAuthService } from './modules/auth/oauth.service.js';
import { OidcRepository } from './modules/auth/oidc.repository.js';
import { OidcService } from './modules/auth/oidc.service.js';
import { PasswordResetService } from './modules/auth/password-reset.service.js';
import { loadSecretKey } from './modules/auth/secret-key.js';
import { TokenRepository } from './modules/auth/token.repository.js';
import { SessionRepository } from './modules/auth/session.repository.js';
import { FirmwareRepository } from './modules/firmware/firmware.repository.js';
import { FirmwareService } from './modules/firmware/firmware.service.js';
import { LibraryConfigService } from './modules/library/library-config.service.js';
import { PlayAssetsRepository } from './modules/play-assets/play-assets.repository.js';
import { PlayAssetsService } from './modules/play-assets/play-assets.service.js';
import { FilesystemPlatforms } from './modules/platforms/filesystem-platforms.js';
import { PlatformsRepository } from './modules/platforms/platforms.repository.js';
import { PlatformsService } from './modules/platforms/platforms.service.js';
import type { CoverFetchOptions } from './modules/roms/rom-edits.service.js';
import { RomEditsService, STRICT_COVER_FETCH } from './modules/roms/rom-edits.service.js';
import { RomFilesService } from './modules/roms/rom-files.service.js';
import { RomListRepository } from './modules/roms/rom-list.repository.js';
import { RomManualsService } from './modules/roms/rom-manuals.service.js';
import { RomNotesRepository } from './modules/roms/rom-notes.repository.js';
import { RomNotesService } from './modules/roms/rom-notes.service.js';
import { RomPropsService } from './modules/roms/rom-props.service.js';
import { RomResources } from './modules/roms/rom-resources.js';
import { RomUploadService } from './modules/roms/rom-upload.js';
import { RomWritesRepository } from './modules/roms/rom-writes.repository.js';
import { RomsRepository } from './modules/roms/roms.repository.js';
import { RomsService } from './modules/roms/roms.service.js';
import { createMetadataProviders, trustedOrigins } from './modules/metadata/metadata.providers.js';
import { MetadataRepository } from './modules/metadata/metadata.repository.js';
import { MetadataService } from './modules/metadata/metadata.service.js';
import { HashPool } from './modules/scan/hash-pool.js';
import { ScanService } from './modules/scan/scan.service.js';
import { StatsRepository } from './modules/stats/stats.repository.js';
import { StatsService } from './modules/stats/stats.service.js';
import { SystemService } from './modules/system/system.service.js';
import { AvatarStore } from './modules/users/avatar.store.js';
import { RetroAchievementsClient } from './modules/users/retroachievements.client.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { UsersService } from './modules/users/users.service.js';

/** Choices tests may override. */
export interface ContainerOptions {
  /** How `url_cover` is fetched (the strict SSRF guard unless a test passes another policy). */
  coverFetch?: CoverFetchOptions;
  /** The clock of time-based limits (tests move it instead of sleeping). */
  clock?: () => number;
}

/** Composition root: repositories → services. */
export function createContainer(
  config: AppConfig,
  db: Db,
  version: string,
  log: FastifyBaseLogger,
  options: ContainerOptions = {},
) {
  const files = new ConfinedFiles(path.join(config.dataDir, UPLOAD_TEMP_FOLDER), [
    config.libraryDir,
  ]);
  const usersRepository = new UsersRepository(db);
  const sessionRepository = new SessionRepository(db);
  const libraryConfig = new LibraryConfigService(config.dataDir, log);
  const tokenRepository = new TokenRepository(db);
  const secretKey = loadSecretKey(config.dataDir, config.auth.secretKey);
  const auth = new AuthService(
    usersRepository,
    sessionRepository,
    tokenRepository,
    new CredentialLimiter(options.clock ?? Date.now),
    {
      sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
      passwordsDisabled: config.disableUserpassLogin,
    },
  );
  const raKey = config.credentials.retroachievementsApiKey;
  const users = new UsersService(
    usersRepository,
    tokenRepository,
    auth,
    new AvatarStore(path.join(config.dataDir, 'assets'), files),
    raKey === null ? null : new RetroAchievementsClient(config.retroachievementsBaseUrl, raKey),
    { inviteTokenSeconds: config.auth.inviteTokenSeconds, baseUrl: config.baseUrl },
  );
  const platformsRepository = new PlatformsRepository(db);
  const romsRepository = new RomsRepository(db);
  const romWrites = new RomWritesRepository(db);
  const hashPool = new HashPool(config.scanWorkers);
  const firmware = new FirmwareService(
    new FirmwareRepository(db),
    platformsRepository,
    config.libraryDir,
    files,
    (absPath, size) => hashPool.hashFile(absPath, size),
  );
  const playAssets = new PlayAssetsService(
    new PlayAssetsRepository(db),
    path.join(config.dataDir, 'assets'),
    files,
  );
  const romResources = new RomResources(path.join(config.dataDir, 'resources'), files);
  const romNotes = new RomNotesRepository(db);
  const roms = new RomsService(
    romsRepository,
    new RomListRepository(db),
    romWrites,
    playAssets,
    romNotes,
  );
  const romFiles = new RomFilesService(
    roms,
    romsRepository,
    romWrites,
    config.libraryDir,
    files,
    romResources,
  );
  const services = {
    files,
    libraryConfig,
    hashPool,
    firmware,
    playAssets,
    platforms: new PlatformsService(platformsRepository, firmware),
    filesystemPlatforms: new FilesystemPlatforms(
      platformsRepository,
      config.libraryDir,
      libraryConfig,
    ),
    roms,
    romFiles,
    romEdits: new RomEditsService(
      roms,
      romFiles,
      romWrites,
      romResources,
      options.coverFetch ?? STRICT_COVER_FETCH,
    ),
    romProps: new RomPropsService(roms, romsRepository, romWrites),
    romManuals: new RomManualsService(roms, romWrites, romResources),
    romNotes: new RomNotesService(roms, romNotes),
    scan: new ScanService(
      platformsRepository,
      romsRepository,
      romWrites,
      libraryConfig,
      hashPool,
      config.libraryDir,
      log,
      firmware,
    ),
    auth,
    users,
    oauth: new OAuthService(usersRepository, tokenRepository, secretKey, config.auth),
    passwordResets: new PasswordResetService(
      usersRepository,
      tokenRepository,
      auth,
      config.smtp === null ? null : createSmtpMailer(config.smtp),
      log,
      { baseUrl: config.baseUrl },
    ),
    oidc: new OidcService(config.oidc, usersRepository, new OidcRepository(db), secretKey, log),
    system: new SystemService(config, version, usersRepository, libraryConfig),
    stats: new StatsService(new StatsRepository(db)),
  };
  const metadata = new MetadataService(
    createMetadataProviders(config, db, config.dataDir, log),
    romsRepository,
    romWrites,
    new MetadataRepository(db),
    libraryConfig,
    new RomResources(path.join(config.dataDir, 'resources'), files),
    { trustedOrigins: trustedOrigins(config), timeoutMs: 20_000, maxScreenshots: 5 },
    log,
  );
  services.scan.setIdentifier(metadata);
  return {
    ...services,
    metadata,
    romUploads: new RomUploadService(
      platformsRepository,
      services.scan,
      libraryConfig,
      config.libraryDir,
      files,
      config.maxUploadSizeBytes,
    ),
  };
}

export type Container = ReturnType<typeof createContainer>;
