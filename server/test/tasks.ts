import type { TaskExecution, TaskStatus } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

import { ADMIN, basic } from './build-test-app.js';

export const asAdmin = { authorization: basic(ADMIN.username, ADMIN.password) };

/** A run's status by id (GET /api/tasks/{task_id}) as the first admin. */
export async function taskStatus(app: FastifyInstance, taskId: string): Promise<TaskStatus> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/tasks/${taskId}`,
    headers: asAdmin,
  });
  expect(response.statusCode).toBe(200);
  return response.json<TaskStatus>();
}

/** Waits (polling, no fixed sleep) until a run has ended, and returns its final status. */
export async function waitForTaskEnd(app: FastifyInstance, taskId: string): Promise<TaskStatus> {
  await expect
    .poll(async () => (await taskStatus(app, taskId)).ended_at, { timeout: 15_000, interval: 50 })
    .not.toBeNull();
  return taskStatus(app, taskId);
}

/** Starts a task by hand as the first admin and waits for its end. */
export async function runTask(
  app: FastifyInstance,
  name: string,
  kwargs?: Record<string, unknown>,
): Promise<TaskStatus> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/tasks/run/${name}`,
    headers: asAdmin,
    ...(kwargs === undefined ? {} : { payload: kwargs }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return waitForTaskEnd(app, response.json<TaskExecution>().task_id);
}
