import type { Kysely, Migration } from 'kysely';

/**
 * `task_schedule`: schedules an administrator set on the Tasks page. A row overrides the task's
 * `ENABLE_SCHEDULED_*` / `SCHEDULED_*_CRON` variables, which stay the value until one is saved.
 */
export const taskSchedules: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('task_schedule')
      .addColumn('task_name', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('enabled', 'integer', (col) => col.notNull())
      .addColumn('cron', 'varchar(255)', (col) => col.notNull())
      .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('task_schedule').execute();
  },
};
