import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';

import { openMigratedDatabase } from './app.js';
import type { AppConfig } from './config/app-config.js';
import { readPackageVersion } from './config/paths.js';
import { createContainer } from './container.js';
import { startJobWorkers } from './modules/jobs/job-workers.js';
import type { RealtimeServer } from './modules/realtime/realtime.gateway.js';
import { openRedisAdapter } from './modules/realtime/redis-adapter.js';
import { broadcastTaskRuns } from './modules/tasks/tasks.gateway.js';
import { startTaskTriggers } from './modules/tasks/task-triggers.js';
import { closeScaleOut, openScaleOut } from './scale-out.js';

/**
 * A worker process (REDIS_URL): runs the scans and task runs the API processes queue, fires the
 * schedules (each due run is queued once, however many workers fire it) and watches the library.
 * Its events reach the browsers through the socket.io Redis adapter; it serves no HTTP.
 */
export async function startWorker(
  config: AppConfig,
  redisUrl: string,
  log: FastifyBaseLogger,
): Promise<{ close: () => Promise<void> }> {
  const db = await openMigratedDatabase(config);
  const scaleOut = await openScaleOut(redisUrl);
  const container = createContainer(config, db, readPackageVersion(), log, {}, scaleOut);
  container.libraryConfig.ensureFile();
  const redisAdapter = await openRedisAdapter(scaleOut.redis);
  // Attached to no HTTP server: it only broadcasts to, and hears from, the API processes.
  const io: RealtimeServer = new Server({ adapter: redisAdapter.adapter });
  const unsubscribeTasks = broadcastTaskRuns(io, container.tasks);
  const workers = startJobWorkers({
    connection: scaleOut.redis,
    scan: container.scan,
    tasks: container.tasks,
    io,
    log,
  });
  await container.taskSchedules.load();
  const triggers = startTaskTriggers(container, config, log);
  // The worker alone watches the file_transfer sync folder; its events reach the API's sockets.
  container.syncEvents.attach(io);
  const stopSyncFolders = await container.syncModes.watch();
  log.info('worker ready');
  return {
    close: async () => {
      triggers.stop();
      await stopSyncFolders();
      await workers.close();
      await container.tasks.close();
      unsubscribeTasks();
      await io.of('/').adapter.close();
      redisAdapter.close();
      await container.hashPool.close();
      await closeScaleOut(scaleOut);
      await db.destroy();
    },
  };
}
