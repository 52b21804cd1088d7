import type { TaskStats, TaskStatus } from '@romshelf/contract';
import { TASK_HISTORY_LIMIT } from '@romshelf/contract';
import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import type { TaskRunRow } from '../../db/schema.js';

function toStatus(row: TaskRunRow): TaskStatus {
  return {
    task_name: row.task_name,
    task_id: row.id,
    status: row.status as TaskStatus['status'],
    created_at: row.created_at,
    enqueued_at: row.created_at,
    started_at: row.started_at,
    ended_at: row.ended_at,
    task_type: row.task_type as TaskStatus['task_type'],
    meta: JSON.parse(row.meta) as Record<string, TaskStats>,
    task_key: row.task_key,
    trigger: row.trigger as TaskStatus['trigger'],
    progress: null,
    duration_ms: row.duration_ms,
    error: row.error,
  };
}

/** The history of ended task runs, newest first, at most TASK_HISTORY_LIMIT of them. */
export class TaskRunsRepository {
  constructor(private readonly db: Db) {}

  /** Stores an ended run and drops the runs beyond the limit, in one transaction. */
  async record(run: TaskStatus & { ended_at: string; duration_ms: number }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('task_run')
        .values({
          id: run.task_id,
          task_key: run.task_key,
          task_name: run.task_name,
          task_type: run.task_type,
          trigger: run.trigger,
          status: run.status,
          created_at: run.created_at,
          started_at: run.started_at,
          ended_at: run.ended_at,
          duration_ms: run.duration_ms,
          meta: JSON.stringify(run.meta),
          error: run.error,
        })
        .execute();
      const kept = trx
        .selectFrom('task_run')
        .select('id')
        .orderBy('ended_at', 'desc')
        .orderBy(sql`rowid`, 'desc')
        .limit(TASK_HISTORY_LIMIT);
      await trx.deleteFrom('task_run').where('id', 'not in', kept).execute();
    });
  }

  async latest(): Promise<TaskStatus[]> {
    const rows = await this.db
      .selectFrom('task_run')
      .selectAll()
      .orderBy('ended_at', 'desc')
      .orderBy(sql`rowid`, 'desc')
      .limit(TASK_HISTORY_LIMIT)
      .execute();
    return rows.map(toStatus);
  }

  async find(id: string): Promise<TaskStatus | undefined> {
    const row = await this.db
      .selectFrom('task_run')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : toStatus(row);
  }
}
