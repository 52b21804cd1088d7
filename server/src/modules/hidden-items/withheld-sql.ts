import type { Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';

import type { Withheld } from './visibility.js';

const idList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`));

/** Conditions on `rom` leaving out the withheld platforms and ROMs (none when none are). */
export function withheldClauses(withheld: Withheld | undefined): Expression<SqlBool>[] {
  const clauses: Expression<SqlBool>[] = [];
  if (withheld === undefined) return clauses;
  if (withheld.platformIds.length > 0) {
    clauses.push(sql<SqlBool>`rom.platform_id NOT IN (${idList(withheld.platformIds)})`);
  }
  if (withheld.romIds.length > 0) {
    clauses.push(sql<SqlBool>`rom.id NOT IN (${idList(withheld.romIds)})`);
  }
  return clauses;
}

/** One condition on `rom` for raw SQL: TRUE when nothing is withheld. */
export function romVisibleSql(withheld: Withheld): Expression<SqlBool> {
  const clauses = withheldClauses(withheld);
  return clauses.length === 0
    ? sql<SqlBool>`TRUE`
    : sql<SqlBool>`(${sql.join(clauses, sql` AND `)})`;
}
