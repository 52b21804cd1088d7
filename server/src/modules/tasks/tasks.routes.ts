import type { LaunchboxTaskResult } from '@romshelf/contract';
import { ErrorBodySchema, LaunchboxTaskResultSchema } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopes } from '../../http/access.js';
import type { MetadataService } from '../metadata/metadata.service.js';
import { UPDATE_LAUNCHBOX_METADATA } from './scheduled-tasks.js';

/**
 * Re-imports the LaunchBox dump by hand. A failed import is a `failed` task result; only
 * LaunchBox being disabled (400) is an error.
 */
async function runLaunchboxTask(
  metadata: MetadataService,
  log: FastifyBaseLogger,
): Promise<LaunchboxTaskResult> {
  try {
    const stats = await metadata.refreshLaunchbox();
    return { task_name: UPDATE_LAUNCHBOX_METADATA, status: 'finished', ...stats, error: null };
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 400) throw error;
    log.warn(`launchbox: import failed: ${(error as Error).message}`);
    return {
      task_name: UPDATE_LAUNCHBOX_METADATA,
      status: 'failed',
      games: 0,
      alternate_names: 0,
      images: 0,
      error: (error as Error).message,
    };
  }
}

export const tasksRoutes: FastifyPluginAsyncZod<{ metadata: MetadataService }> = async (
  app,
  { metadata },
) => {
  app.post(
    `/api/tasks/run/${UPDATE_LAUNCHBOX_METADATA}`,
    {
      config: requireScopes('tasks.run'),
      schema: {
        tags: ['tasks'],
        summary: 'Download and index the LaunchBox metadata dump',
        response: { 200: LaunchboxTaskResultSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    (request) => runLaunchboxTask(metadata, request.log),
  );

  await Promise.resolve();
};
