import {
  ErrorBodySchema,
  GroupedTasksSchema,
  TaskExecutionSchema,
  TaskIdParamsSchema,
  TaskInfoSchema,
  TaskNameParamsSchema,
  TaskScheduleUpdateSchema,
  TaskStatusSchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import type { TaskSchedulesService } from './task-schedules.service.js';
import type { TasksService } from './tasks.service.js';

const ERRORS = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** RomM's `/api/tasks` (tasks.run): the registry, runs and their history, running one by hand. */
export const tasksRoutes: FastifyPluginAsyncZod<{
  tasks: TasksService;
  schedules: TaskSchedulesService;
}> = async (app, { tasks, schedules }) => {
  app.get(
    '/api/tasks',
    {
      config: requireScopes('tasks.run'),
      schema: {
        tags: ['tasks'],
        summary: 'Every task, grouped as scheduled, manual and watcher',
        response: { 200: GroupedTasksSchema, ...ERRORS },
      },
    },
    () => tasks.grouped(),
  );

  app.get(
    '/api/tasks/status',
    {
      config: requireScopes('tasks.run'),
      schema: {
        tags: ['tasks'],
        summary: 'Runs in progress, then the history of ended runs (newest first, at most 200)',
        response: { 200: z.array(TaskStatusSchema), ...ERRORS },
      },
    },
    () => tasks.statuses(),
  );

  app.get(
    '/api/tasks/:task_id',
    {
      config: requireScopes('tasks.run'),
      schema: {
        tags: ['tasks'],
        summary: 'One run by its id',
        params: TaskIdParamsSchema,
        response: { 200: TaskStatusSchema, 404: ErrorBodySchema, ...ERRORS },
      },
    },
    (request) => tasks.status(request.params.task_id),
  );

  app.post(
    '/api/tasks/run/:task_name',
    {
      config: requireScopes('tasks.run'),
      schema: {
        tags: ['tasks'],
        summary: 'Start a task by hand; its progress and end follow on the socket',
        params: TaskNameParamsSchema,
        body: z.record(z.string(), z.unknown()).nullable().optional(),
        response: {
          200: TaskExecutionSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          ...ERRORS,
        },
      },
    },
    (request) => tasks.runManually(request.params.task_name, request.body),
  );

  app.put(
    '/api/tasks/:task_name/schedule',
    {
      config: requireScopes('tasks.run'),
      schema: {
        tags: ['tasks'],
        summary: 'Change when a task runs on its own (ours); the schedule is re-armed at once',
        params: TaskNameParamsSchema,
        body: TaskScheduleUpdateSchema,
        response: { 200: TaskInfoSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, ...ERRORS },
      },
    },
    (request) => schedules.set(request.params.task_name, request.body),
  );

  await Promise.resolve();
};
