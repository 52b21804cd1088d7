import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config/app-config.js';
import type { Container } from './container.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { datVerificationRoutes } from './modules/dat-verification/dat-verification.routes.js';
import { patcherRoutes } from './modules/patcher/patcher.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { clientTokensRoutes } from './modules/client-tokens/client-tokens.routes.js';
import { deviceAuthRoutes } from './modules/client-tokens/device-auth.routes.js';
import { downloadLinksRoutes } from './modules/download-links/download-links.routes.js';
import { oidcRoutes } from './modules/auth/oidc.routes.js';
import { passwordResetRoutes } from './modules/auth/password-reset.routes.js';
import { netplayRoutes } from './modules/netplay/netplay.routes.js';
import { devicesRoutes } from './modules/devices/devices.routes.js';
import { datsRoutes } from './modules/dats/dats.routes.js';
import { playSessionsRoutes } from './modules/play-sessions/play-sessions.routes.js';
import { syncRoutes } from './modules/sync/sync.routes.js';
import { syncModesRoutes } from './modules/sync/sync-modes.routes.js';
import { firmwareRoutes } from './modules/firmware/firmware.routes.js';
import { feedsRoutes } from './modules/feeds/feeds.routes.js';
import { playAssetsRoutes } from './modules/play-assets/play-assets.routes.js';
import { metadataRoutes } from './modules/metadata/metadata.routes.js';
import { permissionsRoutes } from './modules/permissions/permissions.routes.js';
import { libraryConfigRoutes } from './modules/library/library-config.routes.js';
import { collectionsRoutes } from './modules/collections/collections.routes.js';
import { platformsRoutes } from './modules/platforms/platforms.routes.js';
import { romsRoutes } from './modules/roms/roms.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { dynamicCollectionsRoutes } from './modules/collections/dynamic-collections.routes.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { completenessRoutes } from './modules/completeness/completeness.routes.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { setupRoutes } from './modules/setup/setup.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { tasksRoutes } from './modules/tasks/tasks.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { userPermissionsRoutes } from './modules/users/user-permissions.routes.js';
import { addDavMethods, webdavRoutes } from './modules/webdav/webdav.routes.js';

/** Every module's routes, in the order the OpenAPI document lists them. */
export async function registerApiRoutes(
  app: FastifyInstance,
  container: Container,
  config: AppConfig,
): Promise<void> {
  await app.register(systemRoutes, { system: container.system });
  await app.register(netplayRoutes, { netplay: container.netplay });
  await app.register(setupRoutes, { setup: container.setup });
  await app.register(libraryConfigRoutes, {
    editor: container.libraryConfigEditor,
    romMaintenance: container.romMaintenance,
  });
  await registerAccountRoutes(app, container, config);
  await app.register(platformsRoutes, {
    platforms: container.platforms,
    filesystemPlatforms: container.filesystemPlatforms,
    scan: container.scan,
  });
  await app.register(datsRoutes, {
    dats: container.dats,
    maxUploadBytes: config.maxUploadSizeBytes,
  });
  await app.register(romsRoutes, {
    roms: container.roms,
    lists: container.romList,
    files: container.romFiles,
    edits: container.romEdits,
    props: container.romProps,
    manuals: container.romManuals,
    folderFiles: container.romFolderFiles,
    notes: container.romNotes,
    uploadRoutes: async (scope) => {
      await scope.register(uploadsRoutes, {
        uploads: container.romUploads,
        chunked: container.chunkedUploads,
        discs: container.discCombiner,
        roms: container.roms,
      });
    },
    resourcesDir: path.join(config.dataDir, 'resources'),
    collections: container.collectionMembers,
  });
  await app.register(datVerificationRoutes, { verdicts: container.datVerdicts });
  await app.register(patcherRoutes, { patcher: container.patcher, files: container.files });
  await app.register(collectionsRoutes, {
    collections: container.collections,
    members: container.collectionMembers,
    access: container.collectionAccess,
  });
  await app.register(dynamicCollectionsRoutes, {
    virtual: container.virtualCollections,
    smart: container.smartCollections,
  });
  await app.register(metadataRoutes, { metadata: container.metadata, roms: container.roms });
  await app.register(tasksRoutes, { tasks: container.tasks, schedules: container.taskSchedules });
  await app.register(statsRoutes, { stats: container.stats });
  await app.register(completenessRoutes, { completeness: container.completeness });
  await app.register(exportsRoutes, { exports: container.exports });
  await app.register(feedsRoutes, { feeds: container.feeds, baseUrl: config.baseUrl });

  await app.register(firmwareRoutes, {
    firmware: container.firmware,
    maxUploadBytes: config.maxAssetUploadBytes,
  });
  await app.register(playAssetsRoutes, {
    assets: container.playAssets,
    maxUploadBytes: config.maxAssetUploadBytes,
  });
  addDavMethods(app);
  await app.register(webdavRoutes, { store: container.davStore, auth: container });
}

/** Sign-in, users and their permissions, tokens, devices, sync, play sessions and activity. */
async function registerAccountRoutes(
  app: FastifyInstance,
  container: Container,
  config: AppConfig,
): Promise<void> {
  await registerAuthRoutes(app, container, config);
  await app.register(usersRoutes, { users: container.users });
  await app.register(permissionsRoutes, { permissions: container.permissions });
  await app.register(userPermissionsRoutes, container);
  await app.register(clientTokensRoutes, { clientTokens: container.clientTokens });
  await app.register(downloadLinksRoutes, { downloadLinks: container.downloadLinks });
  await app.register(deviceAuthRoutes, { deviceAuth: container.deviceAuth });
  await app.register(devicesRoutes, { devices: container.devices });
  await app.register(syncRoutes, { sync: container.sync });
  await app.register(syncModesRoutes, { modes: container.syncModes });
  await app.register(playSessionsRoutes, {
    playSessions: container.playSessions,
    beacon: container.playBeacon,
    assets: container.playAssets,
  });
  await app.register(activityRoutes, { activity: container.activity });
}

async function registerAuthRoutes(
  app: FastifyInstance,
  container: Container,
  config: AppConfig,
): Promise<void> {
  await app.register(authRoutes, {
    auth: container.auth,
    oauth: container.oauth,
    oidc: container.oidc,
    secureCookies: config.secureCookies,
    sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
  });
  await app.register(passwordResetRoutes, {
    resets: container.passwordResets,
    auth: container.auth,
  });
  await app.register(oidcRoutes, {
    oidc: container.oidc,
    auth: container.auth,
    secureCookies: config.secureCookies,
    sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
  });
  // Not awaited: an unreachable provider is logged, start-up does not wait for it.
  app.addHook('onReady', (done) => {
    void container.oidc.checkProvider();
    done();
  });
}
