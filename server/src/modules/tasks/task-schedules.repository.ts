import type { Db } from '../../db/database.js';

/** A task's schedule as the Tasks page saved it. */
export interface SavedSchedule {
  taskName: string;
  enabled: boolean;
  cron: string;
}

/** Schedules saved on the Tasks page, one per task. */
export class TaskSchedulesRepository {
  constructor(private readonly db: Db) {}

  async all(): Promise<SavedSchedule[]> {
    const rows = await this.db.selectFrom('task_schedule').selectAll().execute();
    return rows.map((row) => ({
      taskName: row.task_name,
      enabled: row.enabled === 1,
      cron: row.cron,
    }));
  }

  async save(schedule: SavedSchedule, now: string): Promise<void> {
    const values = { enabled: schedule.enabled ? 1 : 0, cron: schedule.cron, updated_at: now };
    await this.db
      .insertInto('task_schedule')
      .values({ task_name: schedule.taskName, ...values })
      .onConflict((conflict) => conflict.column('task_name').doUpdateSet(values))
      .execute();
  }
}
