import { sql } from 'kysely';

import type { Db } from './database.js';
import { engineOf } from './engine.js';

/**
 * After a long series of writes to the ROM tables (a scan, a copy): on PostgreSQL, fresh
 * planner statistics, so the next lists are planned for the tables' real size, and a vacuum,
 * which marks the written pages all-visible, so sorted pages are read from their index alone
 * (index-only scans; the autovacuum would do both, but only up to a minute later). SQLite plans
 * without statistics: nothing there.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`VACUUM (ANALYZE) rom, rom_file`.execute(db);
}
