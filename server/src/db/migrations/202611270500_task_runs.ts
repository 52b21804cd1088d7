import type { Kysely, Migration } from 'kysely';

/**
 * `task_run`: the history of task runs shown on the Tasks page (`GET /api/tasks/status`), one
 * row per ended run with its counters (`meta`, JSON), duration and error text. Only the latest
 * runs are kept (the task runner trims the table after each run).
 */
export const taskRuns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('task_run')
      .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
      .addColumn('task_key', 'varchar(64)', (col) => col.notNull())
      .addColumn('task_name', 'varchar(255)', (col) => col.notNull())
      .addColumn('task_type', 'varchar(16)', (col) => col.notNull())
      .addColumn('trigger', 'varchar(16)', (col) => col.notNull())
      .addColumn('status', 'varchar(16)', (col) => col.notNull())
      .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('started_at', 'varchar(40)')
      .addColumn('ended_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('duration_ms', 'integer', (col) => col.notNull())
      .addColumn('meta', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('error', 'text')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('task_run').execute();
  },
};
