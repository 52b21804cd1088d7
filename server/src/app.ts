import { mkdirSync } from 'node:fs';

import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { PRODUCT_NAME, SCAN_EVENTS } from '@romshelf/contract';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';

import type { AppConfig } from './config/app-config.js';
import { readPackageVersion } from './config/paths.js';
import type { Container, ContainerOptions } from './container.js';
import { createContainer } from './container.js';
import { startTaskTriggers } from './modules/tasks/task-triggers.js';
import { registerTasksGateway } from './modules/tasks/tasks.gateway.js';
import type { Db } from './db/database.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { publicRoute } from './http/access.js';
import { registerAuthHook } from './http/auth.hook.js';
import { registerCompression } from './http/compression.js';
import { registerErrorHandler } from './http/error-handler.js';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.js';
import { HttpError } from './http/http-error.js';
import { LeanRequestLog } from './http/request-log.js';
import { registerOpenApiComponents, withReachableComponents } from './http/openapi-components.js';
import { registerRouteRegistry } from './http/route-registry.js';
import { registerApiRoutes } from './api-routes.js';
import type { WithheldOf } from './modules/activity/activity.gateway.js';
import { registerActivityGateway } from './modules/activity/activity.gateway.js';
import {
  closeRealtimeGateway,
  createRealtimeGateway,
} from './modules/realtime/realtime.gateway.js';
import { openRedisAdapter } from './modules/realtime/redis-adapter.js';
import { closeNetplayGateway, createNetplayGateway } from './modules/netplay/netplay.gateway.js';
import { QueuedScanStarter } from './modules/jobs/queued-scans.js';
import type { ScanStarter } from './modules/scan/scan.gateway.js';
import { LocalScanStarter, SCAN_ROOM } from './modules/scan/scan.gateway.js';
import {
  registerEmulatorAssets,
  registerPlayerPageHeaders,
} from './modules/emulation/emulation.routes.js';
import { createRetroArchSync } from './modules/retroarch-sync/create-retroarch-sync.js';
import { hiddenItemsRoutes } from './modules/hidden-items/hidden-items.routes.js';
import { registerVisibility } from './modules/hidden-items/visibility.hook.js';
import { registerScanGateway } from './modules/scan/scan.gateway.js';
import type { ScaleOut } from './scale-out.js';
import { closeScaleOut, openScaleOut } from './scale-out.js';
import { registerWebApp } from './modules/web/web.routes.js';
import { addressToOpen, startupLine } from './modules/system/startup-line.js';
import { prettyLogStream } from './lib/pretty-log.js';
import { capturingLogStream } from './modules/logs/log-entry.js';
import { LogRing } from './modules/logs/log-ring.js';
import { registerLogsGateway } from './modules/logs/logs.gateway.js';
import { logsRoutes } from './modules/logs/logs.routes.js';

export interface AppDeps {
  config: AppConfig;
  /** Overrides the version read from the root package.json. */
  version?: string;
  /** Service choices tests may override (e.g. the cover fetcher's address policy). */
  container?: ContainerOptions;
  /** Receives the human start-up line (address to open) once the server listens. */
  announce?: (line: string) => void;
}

/** How often abandoned chunked uploads are looked for (they expire after a day). */
const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Headers and fields that must never reach the logs. */
const LOG_REDACTIONS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
];

/**
 * Builds the whole server (API, docs, SPA, socket.io) without listening, so tests can drive it
 * with `app.inject`. Opens the database and applies migrations first.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const version = deps.version ?? readPackageVersion();
  mkdirSync(config.dataDir, { recursive: true });
  mkdirSync(config.libraryDir, { recursive: true });

  const db = await openMigratedDatabase(config);
  const scaleOut = await openConfiguredScaleOut(config, db);
  const logRing = config.disableLogsViewer ? null : new LogRing();
  const app = createFastify(config, logRing);
  app.addHook('onClose', async () => {
    if (scaleOut !== null) await closeScaleOut(scaleOut);
    await db.destroy();
  });
  registerRouteRegistry(app);

  const container = createContainer(config, db, version, app.log, deps.container, scaleOut);
  container.libraryConfig.ensureFile();
  await container.files.sweep();
  await container.chunkedUploads.sweep();

  await registerHttpBasics(app, config);
  await registerOpenApi(app, version);
  registerAuthHook(app, {
    auth: container.auth,
    oauth: container.oauth,
    clientTokens: container.clientTokens,
    permissions: container.permissions,
    secureCookies: config.secureCookies,
    sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
    kiosk: config.kiosk,
  });
  const { hidden } = container;
  registerVisibility(app, hidden.hiddenItems, hidden.places);
  // RetroArch's saves and states in the users' WebDAV trees ↔ their RomShelf saves and states.
  createRetroArchSync({
    ...container,
    db,
    dav: container.davStore,
    hidden: hidden.hiddenItems,
    log: app.log,
  });
  container.users.onDeleted((userId) => container.davStore.removeUser(userId));
  app.get('/openapi.json', { config: publicRoute, schema: { hide: true } }, () => app.swagger());
  await registerApiRoutes(app, container, config);
  await app.register(hiddenItemsRoutes, { hiddenItems: hidden.hiddenItems });
  await app.register(logsRoutes, { ring: logRing });
  await registerEmulatorAssets(app, config.emulatorsDir);
  registerPlayerPageHeaders(app);
  await registerWebApp(app, config.webDir);
  await container.taskSchedules.load();
  await startBackgroundWork(app, container, config, scaleOut, logRing, (user) =>
    hidden.hiddenItems.withheldFrom(user),
  );

  const { announce } = deps;
  if (announce) {
    app.addHook('onListen', async () => {
      announce(startupLine(addressToOpen(config), await container.system.showSetupWizard()));
    });
  }

  await app.ready();
  return app;
}

/** The database of the configuration, migrated to the latest schema (API and worker processes). */
export async function openMigratedDatabase(config: AppConfig): Promise<Db> {
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** The Redis parts when REDIS_URL is set (the database is closed if Redis cannot be reached). */
async function openConfiguredScaleOut(config: AppConfig, db: Db): Promise<ScaleOut | null> {
  if (config.redis === null) return null;
  try {
    return await openScaleOut(config.redis.url);
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** The logger writes JSON lines or readable ones, and keeps them for the logs viewer. */
function createFastify(config: AppConfig, logRing: LogRing | null): FastifyInstance {
  const output = config.logFormat === 'pretty' ? prettyLogStream(process.stdout) : null;
  const stream =
    logRing === null
      ? output
      : capturingLogStream(output ?? process.stdout, (entry) => logRing.push(entry));
  return Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: LOG_REDACTIONS, censor: '[redacted]' },
      ...(stream === null ? {} : { stream }),
    },
    logController: new LeanRequestLog(),
    routerOptions: { ignoreTrailingSlash: true },
    // Client addresses come from the socket unless the request came through a named proxy.
    trustProxy: config.trustedProxies.length === 0 ? false : config.trustedProxies,
    frameworkErrors,
    clientErrorHandler,
  });
}

/** Validation, errors, compression, body parsers, cookies and security headers. */
async function registerHttpBasics(app: FastifyInstance, config: AppConfig): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerCompression(app);

  // Only JSON bodies for now (multipart arrives with uploads); anything else is a 400.
  // An empty JSON body counts as no body (some RomM clients post one to /api/login).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'Malformed JSON body'), undefined);
    }
  });

  await app.register(fastifyCookie);
  // Form bodies: POST /api/token (OAuth2) and PUT /api/users/{id} (RomM sends forms).
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(fastifyMultipart);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // Served over plain HTTP on home networks: only ask for HTTPS when cookies are secure.
    strictTransportSecurity: config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });
}

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
};

/** The OpenAPI document (from the routes' zod schemas) and its browsable docs. */
async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  registerOpenApiComponents();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${PRODUCT_NAME} API`,
        description: 'RomM-compatible API of RomShelf.',
        version,
      },
      components: {
        securitySchemes: {
          basicAuth: { type: 'http', scheme: 'basic' },
          bearerAuth: { type: 'http', scheme: 'bearer' },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'romm_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: withReachableComponents,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/**
 * The socket.io gateway, scheduled tasks and the library watcher, all stopped before the server
 * closes (runs in progress are waited for). With a job queue (REDIS_URL), sockets share events
 * through the Redis adapter, scans are queued for the workers, and schedules and the watcher run
 * in the workers instead.
 */
async function startBackgroundWork(
  app: FastifyInstance,
  container: Container,
  config: AppConfig,
  scaleOut: ScaleOut | null,
  logRing: LogRing | null,
  withheldOf: WithheldOf,
): Promise<void> {
  const redisAdapter = scaleOut === null ? null : await openRedisAdapter(scaleOut.redis);
  const io = createRealtimeGateway(
    app.server,
    container.auth,
    (user) => container.permissions.scopesOf(user),
    { baseUrl: config.baseUrl, allowed: config.allowedOrigins },
    redisAdapter?.adapter,
  );
  // Its lines are the logs viewer's `scan` module.
  const scanLog = app.log.child({ module: 'scan' });
  const scans: ScanStarter =
    scaleOut === null
      ? new LocalScanStarter(container.scan, io.to(SCAN_ROOM), scanLog)
      : new QueuedScanStarter(
          scaleOut.queues.scans,
          () => io.serverSideEmit(SCAN_EVENTS.stop),
          io.to(SCAN_ROOM),
          scanLog,
        );
  registerScanGateway(io, scans, scanLog);
  container.permissions.events.attach(io);
  container.syncEvents.attach(io);
  const unsubscribeTasks = registerTasksGateway(io, container.tasks);
  const unsubscribeActivity = registerActivityGateway(io, container.activity, app.log, withheldOf);
  const unsubscribeLogs = logRing === null ? null : registerLogsGateway(io, logRing);
  app.addHook('preClose', async () => {
    unsubscribeTasks();
    unsubscribeActivity();
    unsubscribeLogs?.();
    await closeRealtimeGateway(io);
    redisAdapter?.close();
  });
  await startNetplayGateway(app, container, config, scaleOut);
  const triggers = scaleOut === null ? startTaskTriggers(container, config, app.log) : null;
  const stopSyncFolders = scaleOut === null ? await container.syncModes.watch() : null;
  const uploadSweep = setInterval(() => {
    container.chunkedUploads.sweep().catch((error: unknown) => {
      app.log.error({ err: error }, 'sweeping expired chunked uploads failed');
    });
    container.files.sweep().catch((error: unknown) => {
      app.log.error({ err: error }, 'sweeping the upload temp area failed');
    });
  }, UPLOAD_SWEEP_INTERVAL_MS);
  uploadSweep.unref();
  app.addHook('preClose', async () => {
    clearInterval(uploadSweep);
    triggers?.stop();
    await stopSyncFolders?.();
    container.scan.stop();
    await container.romListJsonFiller.stop();
    await container.tasks.close();
    await container.hashPool.close();
  });
}

/** The netplay signalling socket; through Redis (REDIS_URL) its rooms span every API process. */
async function startNetplayGateway(
  app: FastifyInstance,
  container: Container,
  config: AppConfig,
  scaleOut: ScaleOut | null,
): Promise<void> {
  const redisAdapter = scaleOut === null ? null : await openRedisAdapter(scaleOut.redis, 'netplay');
  const io = createNetplayGateway(
    app.server,
    container.auth,
    (user) => container.permissions.scopesOf(user),
    { baseUrl: config.baseUrl, allowed: config.allowedOrigins },
    container.netplay,
    redisAdapter?.adapter,
  );
  app.addHook('preClose', async () => {
    closeNetplayGateway(io);
    redisAdapter?.close();
    await Promise.resolve();
  });
}
