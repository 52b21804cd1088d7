import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from './config/app-config.js';
import { createAccountServices } from './container-accounts.js';
import { createTaskServices } from './container-tasks.js';
import type { Db } from './db/database.js';
import { ConfinedFiles, UPLOAD_TEMP_FOLDER } from './lib/confined-files.js';
import { createActivity } from './modules/activity/create-activity.js';
import { createCompleteness } from './modules/completeness/create-completeness.js';
import {
  createDatVerification,
  verifyOnChanges,
} from './modules/dat-verification/create-dat-verification.js';
import { createDats } from './modules/dats/create-dats.js';
import { createExports } from './modules/exports/create-exports.js';
import { FeedsService } from './modules/feeds/feeds.service.js';
import { createPermissions } from './modules/permissions/create-permissions.js';
import { createHiddenItems } from './modules/hidden-items/create-hidden-items.js';
import { createPatcher } from './modules/patcher/create-patcher.js';
import { OidcRepository } from './modules/auth/oidc.repository.js';
import { SessionRepository } from './modules/auth/session.repository.js';
import { TokenRepository } from './modules/auth/token.repository.js';
import { ClientTokensRepository } from './modules/client-tokens/client-tokens.repository.js';
import { SmartCollectionAccess } from './modules/collections/smart-collection-access.js';
import type { SavedFilterSource } from './modules/roms/list/rom-collection-scopes.js';
import { SmartCollectionsRepository } from './modules/collections/smart-collections.repository.js';
import { SmartCollectionsService } from './modules/collections/smart-collections.service.js';
import { VirtualCollectionsRepository } from './modules/collections/virtual-collections.repository.js';
import { VirtualCollectionsService } from './modules/collections/virtual-collections.service.js';
import { DevicesRepository } from './modules/devices/devices.repository.js';
import { DevicesService } from './modules/devices/devices.service.js';
import { FirmwareRepository } from './modules/firmware/firmware.repository.js';
import { FirmwareService } from './modules/firmware/firmware.service.js';
import type { PasswordVerifier } from './modules/auth/auth.service.js';
import { HashPool } from './modules/hashing/hash-pool.js';
import { LibraryConfigEditor } from './modules/library/library-config.editor.js';
import { LibraryConfigService } from './modules/library/library-config.service.js';
import { PlayAssetsRepository } from './modules/play-assets/play-assets.repository.js';
import { PlayAssetsService } from './modules/play-assets/play-assets.service.js';
import { CollectionAccess } from './modules/collections/collection-access.js';
import { CollectionCovers } from './modules/collections/collection-covers.js';
import { CollectionMembersService } from './modules/collections/collection-members.service.js';
import { CollectionsRepository } from './modules/collections/collections.repository.js';
import { CollectionsService } from './modules/collections/collections.service.js';
import { FilesystemPlatforms } from './modules/platforms/filesystem-platforms.js';
import { PlaySessionsRepository } from './modules/play-sessions/play-sessions.repository.js';
import { PlaySessionsService } from './modules/play-sessions/play-sessions.service.js';
import { PlayBeacon } from './modules/play-sessions/play-beacon.js';
import { loadSecretKey } from './modules/auth/secret-key.js';
import { PlatformLookup } from './modules/platforms/platform-lookup.js';
import { PlatformsRepository } from './modules/platforms/platforms.repository.js';
import { PlatformsService } from './modules/platforms/platforms.service.js';
import type { CoverFetchOptions } from './modules/roms/edits/rom-edits.service.js';
import { RomEditsService, STRICT_COVER_FETCH } from './modules/roms/edits/rom-edits.service.js';
import { RomFilesService } from './modules/roms/files/rom-files.service.js';
import { RomListRepository } from './modules/roms/list/rom-list.repository.js';
import { RomListJsonStore } from './modules/roms/list/rom-list-json-store.js';
import { RomArtworkWebp } from './modules/roms/resources/rom-artwork-webp.js';
import { RomMaintenance } from './modules/roms/writes/rom-maintenance.js';
import { RomMaintenanceRepository } from './modules/roms/writes/rom-maintenance.repository.js';
import { RomManualsService } from './modules/roms/manuals/rom-manuals.service.js';
import { createRomFolderFiles } from './modules/roms/folder-files/create-rom-folder-files.js';
import { RomMetadataWrites } from './modules/roms/writes/rom-metadata-writes.js';
import { RomNotesRepository } from './modules/roms/notes/rom-notes.repository.js';
import { RomNotesService } from './modules/roms/notes/rom-notes.service.js';
import { RomPropsService } from './modules/roms/edits/rom-props.service.js';
import { RomResources } from './modules/roms/resources/rom-resources.js';
import { RomScanWrites } from './modules/roms/writes/rom-scan-writes.js';
import { ChunkedUploadService } from './modules/uploads/chunked-upload.service.js';
import { RomUploadService } from './modules/uploads/rom-upload.service.js';
import { DiscCombiner, LooseDiscsRepository } from './modules/uploads/disc-combine.js';
import { RomVersionGroups } from './modules/roms/versions/rom-version-groups.js';
import { RomWritesRepository } from './modules/roms/writes/rom-writes.repository.js';
import { RomsRepository } from './modules/roms/roms.repository.js';
import { RomsService } from './modules/roms/roms.service.js';
import { createRomList } from './modules/roms/list/create-rom-list.js';
import type { RomListService } from './modules/roms/list/rom-list.service.js';
import { BrowserPlayability } from './modules/roms/list/rom-playability.js';
import { createMetadataProviders, trustedOrigins } from './modules/metadata/metadata.providers.js';
import { MetadataRepository } from './modules/metadata/metadata.repository.js';
import { MetadataService } from './modules/metadata/metadata.service.js';
import { ScanService } from './modules/scan/scan.service.js';
import { SaveSyncRepository } from './modules/sync/save-sync.repository.js';
import { SaveSyncService } from './modules/sync/save-sync.service.js';
import { SyncService } from './modules/sync/sync.service.js';
import { createSyncModes } from './modules/sync/create-sync-modes.js';
import { StatsRepository } from './modules/stats/stats.repository.js';
import { StatsService } from './modules/stats/stats.service.js';
import { SetupService } from './modules/setup/setup.service.js';
import { SystemService } from './modules/system/system.service.js';
import type { TaskServices } from './modules/tasks/task-definitions.js';
import { TaskRunsRepository } from './modules/tasks/task-runs.repository.js';
import { TaskSchedulesRepository } from './modules/tasks/task-schedules.repository.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { createNetplay } from './container-netplay.js';
import { createDownloadLinks } from './modules/download-links/create-download-links.js';
import { createDavStore } from './modules/webdav/create-webdav.js';
import { DataVersions } from './db/data-versions.js';
import type { Limits, ScaleOut } from './scale-out.js';
import { createLimits, dataChangesOf } from './scale-out.js';

/** Choices tests may override. */
export interface ContainerOptions {
  /** How `url_cover` is fetched (the strict SSRF guard unless a test passes another policy). */
  coverFetch?: CoverFetchOptions;
  /** The clock of time-based limits (tests move it instead of sleeping). */
  clock?: () => number;
  /** Checks passwords against stored hashes (argon2id unless a test counts the calls). */
  verifyPassword?: PasswordVerifier;
}

/** Composition root (in dependency order); `scaleOut` puts rate limits and task runs in Redis. */
export function createContainer(
  config: AppConfig,
  db: Db,
  version: string,
  log: FastifyBaseLogger,
  options: ContainerOptions = {},
  scaleOut: ScaleOut | null = null,
) {
  // The one owner of data versions: repositories tell it their writes, caches follow it.
  const versions = new DataVersions(dataChangesOf(scaleOut));
  const repositories = createRepositories(db, versions);
  const limits = createLimits(scaleOut, options.clock ?? Date.now);
  const shared = createSharedParts(config, db, log, limits);
  const devices = createDeviceServices(repositories, options);
  const accounts = createAccountServices(config, repositories, shared, devices, log, options);
  const library = createLibraryServices(config, repositories, shared, devices, log, options);
  const collections = createCollectionServices(repositories, shared, options);
  const savedFilters = new SmartCollectionAccess(repositories.smartCollections);
  const collectionParts = { ...collections, savedFilters };
  const roms = createRomServices(config, repositories, shared, library, collectionParts, options);
  devices.playSessions.onPlayed((user, rom, at) => roms.romProps.markPlayedAt(user, rom, at));
  const system = new SystemService(config, version, accounts.userAccounts, shared.libraryConfig);
  const verification = createDatVerification(db, versions, roms);
  const saveSync = createSaveSyncServices(
    config,
    { db, repositories, devices, library, roms },
    log,
    options,
  );
  const taskParts = { ...accounts, ...library, ...verification, ...saveSync };
  const container = {
    ...shared,
    ...accounts,
    ...library,
    ...roms,
    ...createUploadServices(config, shared, library, repositories),
    romFolderFiles: createRomFolderFiles(db, roms.roms, config.libraryDir, shared.files),
    ...collections,
    ...createDynamicCollections(repositories, roms.romList, savedFilters),
    devices: devices.devices,
    playSessions: devices.playSessions,
    ...saveSync,
    ...verification,
    ...createTasks(config, repositories, shared, taskParts, log, scaleOut),
    system,
    setup: new SetupService(
      config.libraryDir,
      shared.libraryConfig,
      shared.libraryConfigEditor,
      library.platforms,
      system,
    ),
    stats: new StatsService(repositories.stats),
    completeness: createCompleteness(db),
    activity: createActivity(scaleOut, roms.roms, devices.devices, accounts.users, options.clock),
    netplay: createNetplay(shared.libraryConfig, roms.roms, scaleOut),
    exports: createExports(config, { ...shared, ...library, roms: roms.roms }, log),
    feeds: new FeedsService(library.platforms, roms.romList, config.tinfoilWelcomeMessage),
    patcher: createPatcher(db, { ...roms, ...library }, shared.files, config),
    downloadLinks: createDownloadLinks(db, roms, shared.hidden.hiddenItems, options.clock),
    dats: createDats(
      db,
      { ...library, files: shared.files },
      config.libraryDir,
      log,
      options.clock,
    ),
  };
  verifyOnChanges(container, versions);
  return container;
}

export type Container = ReturnType<typeof createContainer>;

function createRepositories(db: Db, versions: DataVersions) {
  return {
    versions,
    users: new UsersRepository(db, versions),
    sessions: new SessionRepository(db),
    tokens: new TokenRepository(db),
    clientTokens: new ClientTokensRepository(db),
    oidc: new OidcRepository(db),
    platforms: new PlatformsRepository(db, versions),
    firmware: new FirmwareRepository(db),
    roms: new RomsRepository(db),
    romList: new RomListRepository(db),
    romListJson: new RomListJsonStore(db),
    romVersions: new RomVersionGroups(db),
    looseDiscs: new LooseDiscsRepository(db),
    romWrites: new RomWritesRepository(db, versions),
    romNotes: new RomNotesRepository(db, versions),
    playAssets: new PlayAssetsRepository(db),
    metadata: new MetadataRepository(db),
    stats: new StatsRepository(db),
    romMaintenance: new RomMaintenanceRepository(db),
    taskRuns: new TaskRunsRepository(db),
    taskSchedules: new TaskSchedulesRepository(db),
    collections: new CollectionsRepository(db, versions),
    smartCollections: new SmartCollectionsRepository(db),
    virtualCollections: new VirtualCollectionsRepository(db),
    devices: new DevicesRepository(db),
    saveSyncs: new SaveSyncRepository(db),
    playSessions: new PlaySessionsRepository(db),
  };
}

type Repositories = ReturnType<typeof createRepositories>;

/** A user's devices, what each synced, and time played (saves and the device flow use them). */
function createDeviceServices(repositories: Repositories, options: ContainerOptions) {
  const devices = new DevicesService(repositories.devices, options.clock);
  return {
    devices,
    saveSyncs: new SaveSyncService(repositories.saveSyncs, devices, options.clock),
    playSessions: new PlaySessionsService(repositories.playSessions, devices, options.clock),
  };
}

type DeviceServices = ReturnType<typeof createDeviceServices>;

/** Files, library configuration, the hashing pool and the metadata clients, used across modules. */
function createSharedParts(config: AppConfig, db: Db, log: FastifyBaseLogger, limits: Limits) {
  const files = new ConfinedFiles(path.join(config.dataDir, UPLOAD_TEMP_FOLDER), [
    config.libraryDir,
  ]);
  const libraryConfig = new LibraryConfigService(config.dataDir, log);
  const permissions = createPermissions(db);
  return {
    files,
    libraryConfig,
    libraryConfigEditor: new LibraryConfigEditor(libraryConfig),
    hashPool: new HashPool(config.scanWorkers),
    metadataProviders: createMetadataProviders(config, db, config.dataDir, log),
    romResources: new RomResources(path.join(config.dataDir, 'resources'), files),
    limits,
    permissions,
    hidden: createHiddenItems(db, permissions.events),
  };
}

type SharedParts = ReturnType<typeof createSharedParts>;

/** Platforms, firmware, scans, metadata and what the player needs. */
function createLibraryServices(
  config: AppConfig,
  repositories: Repositories,
  shared: SharedParts,
  devices: DeviceServices,
  log: FastifyBaseLogger,
  options: ContainerOptions,
) {
  const { files, libraryConfig, hashPool } = shared;
  const platformLookup = new PlatformLookup(repositories.platforms);
  const firmware = new FirmwareService(
    repositories.firmware,
    platformLookup,
    config.libraryDir,
    files,
    (absPath, size) => hashPool.hashFile(absPath, size),
  );
  const romMaintenance = new RomMaintenance(
    repositories.romMaintenance,
    repositories.romWrites,
    shared.romResources,
    log,
  );
  const platforms = new PlatformsService(repositories.platforms, firmware, romMaintenance);
  const metadata = new MetadataService(
    shared.metadataProviders,
    new RomMetadataWrites(repositories.roms, repositories.romWrites),
    repositories.metadata,
    libraryConfig,
    shared.romResources,
    { trustedOrigins: trustedOrigins(config), timeoutMs: 20_000, maxScreenshots: 5 },
    log,
  );
  // Scans identify through metadata, which depends on nothing of the scan: built first.
  const scan = new ScanService({
    platforms,
    roms: new RomScanWrites(repositories.roms, repositories.romWrites, shared.romResources),
    libraryConfig,
    hashPool,
    libraryDir: config.libraryDir,
    log,
    identifier: metadata,
    firmware,
  });
  return {
    platformLookup,
    firmware,
    romMaintenance,
    playAssets: new PlayAssetsService(
      repositories.playAssets,
      path.join(config.dataDir, 'assets'),
      files,
      options.clock,
      devices.saveSyncs,
      config.saveHistory,
    ),
    platforms,
    filesystemPlatforms: new FilesystemPlatforms(
      repositories.platforms,
      config.libraryDir,
      libraryConfig,
    ),
    scan,
    metadata,
  };
}

type LibraryServices = ReturnType<typeof createLibraryServices>;

/** Manual collections, their members and favourites (the ROM services read them). */
function createCollectionServices(
  repositories: Repositories,
  shared: SharedParts,
  options: ContainerOptions,
) {
  const access = new CollectionAccess(repositories.collections);
  const covers = new CollectionCovers(
    shared.romResources,
    options.coverFetch ?? STRICT_COVER_FETCH,
  );
  const collections = new CollectionsService(repositories.collections, access, covers);
  return {
    collections,
    collectionAccess: access,
    collectionMembers: new CollectionMembersService(repositories.collections, access, collections),
  };
}

type CollectionServices = ReturnType<typeof createCollectionServices>;

/** A ROM's reads, files on disk, edits, personal data and manuals. */
function createRomServices(
  config: AppConfig,
  repositories: Repositories,
  shared: SharedParts,
  library: LibraryServices,
  { collectionMembers, savedFilters }: CollectionServices & { savedFilters: SavedFilterSource },
  options: ContainerOptions,
) {
  const { files, romResources } = shared;
  const { romWrites } = repositories;
  const versions = {
    groups: repositories.romVersions,
    ranking: () => shared.libraryConfig.get(),
  };
  const roms = new RomsService(
    repositories.roms,
    library.playAssets,
    repositories.romNotes,
    versions,
    collectionMembers,
  );
  const romFiles = new RomFilesService(
    roms,
    repositories.roms,
    romWrites,
    config.libraryDir,
    files,
    romResources,
    collectionMembers,
  );
  const { romList, romListJsonFiller } = createRomList(repositories, {
    playability: new BrowserPlayability(config, shared.libraryConfig),
    versions,
    collections: collectionMembers,
    savedFilters,
  });
  return {
    roms,
    romList,
    romListJsonFiller,
    romFiles,
    romEdits: new RomEditsService(
      roms,
      romFiles,
      romWrites,
      romResources,
      options.coverFetch ?? STRICT_COVER_FETCH,
    ),
    romProps: new RomPropsService(roms, repositories.roms, romWrites, collectionMembers),
    romManuals: new RomManualsService(roms, romWrites, romResources),
    romNotes: new RomNotesService(roms, repositories.romNotes),
  };
}

/** Where devices' saves meet: RomM's sync modes, tab-close beacons and RetroArch's WebDAV. */
function createSaveSyncServices(
  config: AppConfig,
  parts: {
    db: Db;
    repositories: Repositories;
    devices: DeviceServices;
    library: LibraryServices;
    roms: ReturnType<typeof createRomServices>;
  },
  log: FastifyBaseLogger,
  options: ContainerOptions,
) {
  const { repositories, devices, library, roms } = parts;
  return {
    playBeacon: new PlayBeacon(loadSecretKey(config.dataDir, config.auth.secretKey), options.clock),
    sync: new SyncService(
      repositories.saveSyncs,
      devices.saveSyncs,
      devices.devices,
      library.playAssets,
      devices.playSessions,
      options.clock,
    ),
    ...createSyncModes(
      config,
      { repo: repositories.saveSyncs, ...devices, assets: library.playAssets, roms: roms.roms },
      log,
      options.clock,
    ),
    davStore: createDavStore(config, parts.db, log),
  };
}

function createUploadServices(
  config: AppConfig,
  shared: SharedParts,
  library: LibraryServices,
  repositories: Repositories,
) {
  const romUploads = new RomUploadService(
    library.platformLookup,
    library.scan,
    shared.libraryConfig,
    config.libraryDir,
    shared.files,
    config.maxUploadSizeBytes,
  );
  return {
    romUploads,
    chunkedUploads: new ChunkedUploadService(romUploads, config.dataDir),
    discCombiner: new DiscCombiner(repositories.looseDiscs, romUploads),
  };
}

/** Collections whose members are computed: virtual (from metadata) and smart (saved filters). */
function createDynamicCollections(
  repositories: Repositories,
  romList: RomListService,
  access: SmartCollectionAccess,
) {
  return {
    smartCollections: new SmartCollectionsService(repositories.smartCollections, access, romList),
    virtualCollections: new VirtualCollectionsService(
      repositories.virtualCollections,
      repositories.versions,
    ),
  };
}

/** The task registry, its runner and the schedules; the tasks call the other modules' services. */
function createTasks(
  config: AppConfig,
  repositories: Repositories,
  shared: SharedParts,
  services: LibraryServices & Pick<TaskServices, 'users' | 'datVerification' | 'syncModes'>,
  log: FastifyBaseLogger,
  scaleOut: ScaleOut | null,
) {
  const maintenance = [
    repositories.romMaintenance,
    repositories.romWrites,
    shared.romResources,
    log,
  ] as const;
  const taskServices = {
    scan: services.scan,
    metadata: services.metadata,
    platforms: services.platforms,
    users: services.users,
    romMaintenance: services.romMaintenance,
    romArtworkWebp: new RomArtworkWebp(...maintenance),
    datVerification: services.datVerification,
    saveHistory: services.playAssets.history,
    syncModes: services.syncModes,
  };
  return createTaskServices(config, taskServices, repositories, log, scaleOut);
}
