import { CompiledQuery, sql } from 'kysely';

import type { Db } from '../src/db/database.js';
import { engineOf } from '../src/db/engine.js';

const STAMP = '2026-12-02T00:00:00.000Z';

/**
 * Fills a migrated database with `count` ROMs over `platforms` platforms in one statement per
 * table: every sort key (name, size, dates, release date) in an order unrelated to the id,
 * pairs of ROMs sharing a file-name family (a versions group), one release date in five
 * unknown. PostgreSQL's table is then vacuumed and analyzed, as after a scan.
 */
export async function fillPlanLibrary(db: Db, count: number, platforms: number): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  await db
    .insertInto('platform')
    .values(
      Array.from({ length: platforms }, (_, index) => ({
        slug: `p${String(index)}`,
        fs_slug: `p${String(index)}`,
        name: `Platform ${String(index)}`,
        created_at: STAMP,
        updated_at: STAMP,
      })),
    )
    .execute();
  const { min } = await db
    .selectFrom('platform')
    .select((eb) => eb.fn.min<number>('id').as('min'))
    .executeTakeFirstOrThrow();
  const text = (value: ReturnType<typeof sql>) => sql`CAST(${value} AS TEXT)`;
  const scrambled = (factor: number, modulus: number) =>
    sql`((n.i * ${sql.lit(factor)}) % ${sql.lit(modulus)})`;
  const releaseJson = sql`'{"first_release_date": ' || ${text(sql`${scrambled(613, 9973)} * 86400`)} || '}'`;
  const metadatum = sql`CASE WHEN n.i % 5 = 0 THEN NULL ELSE ${postgres ? sql`CAST(${releaseJson} AS jsonb)` : releaseJson} END`;
  const family = sql`'game ' || ${text(sql`n.i / ${sql.lit(platforms * 2)}`)}`;
  const insert = sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(count)})
    INSERT INTO rom (platform_id, fs_name, fs_name_no_tags, fs_name_no_ext, fs_extension, fs_path,
      fs_size_bytes, fs_mtime_ms, kind, name_sort_key, search_text, metadatum, created_at, updated_at)
    SELECT ${sql.lit(min)} + n.i % ${sql.lit(platforms)},
      'rom ' || ${text(scrambled(7919, 10007))} || ' ' || ${text(sql`n.i`)} || '.bin',
      ${family}, ${family}, 'bin', 'roms',
      ${scrambled(104729, 1000003)}, 1, 'file',
      'game ' || ${text(scrambled(7919, 10007))}, 'game', ${metadatum},
      ${text(sql`1000000 + ${scrambled(31, 99991)}`)}, ${text(sql`1000000 + ${scrambled(37, 99989)}`)}
    FROM n`;
  if (!postgres) {
    await insert.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    // A test cluster commits asynchronously: VACUUM marks pages all-visible only once the
    // commit is on disk, so this one waits for it, as a production server's commits do.
    await sql`SET LOCAL synchronous_commit = on`.execute(trx);
    await insert.execute(trx);
  });
  await sql`VACUUM ANALYZE rom`.execute(db);
}

/**
 * How the engine plans a query's own level (subqueries left out: a group's winner is sorted
 * among its few members): the indexes it reads by, whether it sorts, whether it scans `rom`.
 */
export interface PlanSummary {
  /**
   * `<index name>` per index read; on PostgreSQL `<index name> (index only)` for index-only;
   * on SQLite `primary key` for rowid lookups.
   */
  indexes: string[];
  sorts: boolean;
  /** PostgreSQL: a sequential scan of `rom`; SQLite: `SCAN rom` without an index. */
  scansTable: boolean;
}

interface PostgresNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PostgresNode[];
}

/** A node and its descendants, without subplans. */
function nodesOf(node: PostgresNode): PostgresNode[] {
  const children = (node.Plans ?? []).filter(
    (child) =>
      child['Parent Relationship'] !== 'SubPlan' && child['Parent Relationship'] !== 'InitPlan',
  );
  return [node, ...children.flatMap(nodesOf)];
}

interface SqliteRow {
  id: number;
  parent: number;
  detail: string;
}

/** SQLite's plan rows outside subqueries (`... SUBQUERY n` rows and what they hold). */
function mainLevel(rows: readonly SqliteRow[]): SqliteRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const inSubquery = (row: SqliteRow | undefined): boolean =>
    row !== undefined && (row.detail.includes('SUBQUERY') || inSubquery(byId.get(row.parent)));
  return rows.filter((row) => !inSubquery(row));
}

/**
 * The engine's plan of a compiled query, summarised: only what a lost index changes (which
 * index, a sort, a whole-table scan), not costs or row estimates that follow the statistics.
 */
export async function planOf(db: Db, query: CompiledQuery): Promise<PlanSummary> {
  const parameters = [...query.parameters];
  if (engineOf(db) === 'postgres') {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': { Plan: PostgresNode }[] | string }>(
      CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${query.sql}`, parameters),
    );
    const raw = rows[0]?.['QUERY PLAN'] ?? '[]';
    const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PostgresNode }[];
    const nodes = plan === undefined ? [] : nodesOf(plan.Plan);
    return {
      indexes: nodes.flatMap((node) =>
        node['Index Name'] === undefined
          ? []
          : [
              node['Node Type'] === 'Index Only Scan'
                ? `${node['Index Name']} (index only)`
                : node['Index Name'],
            ],
      ),
      sorts: nodes.some((node) => node['Node Type'].endsWith('Sort')),
      scansTable: nodes.some(
        (node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'rom',
      ),
    };
  }
  const { rows } = await db.executeQuery<SqliteRow>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, parameters),
  );
  const details = mainLevel(rows).map((row) => row.detail);
  return {
    indexes: details.flatMap((detail) => {
      if (detail.includes('USING INTEGER PRIMARY KEY')) return ['primary key'];
      const index = /USING (?:COVERING )?INDEX (\S+)/.exec(detail)?.[1];
      return index === undefined ? [] : [index];
    }),
    sorts: details.some((detail) => detail.includes('TEMP B-TREE')),
    scansTable: details.some((detail) => /^SCAN rom$/.test(detail)),
  };
}
