import type { RawBuilder } from 'kysely';
import { sql } from 'kysely';

const systemGroup = (key: string) =>
  sql<number>`(SELECT id FROM permission_group WHERE system_key = ${key})`;

/** The group a viewer without another group joins: the default, unless that one edits. */
const viewerGroup = sql<number>`COALESCE(
  (SELECT id FROM permission_group WHERE is_default = 1
    AND (system_key IS NULL OR system_key = 'viewer')),
  ${systemGroup('viewer')})`;

/** The permission group of a new account of this role (its built-in group). */
export function groupOfNewRole(role: string): RawBuilder<number> {
  return role === 'admin' || role === 'editor' ? systemGroup(role) : viewerGroup;
}

/**
 * The permission group of an account whose role changes to `role`: an administrator's or an
 * editor's built-in group; a viewer keeps a group the admins made, else joins the viewers'.
 */
export function groupOfChangedRole(role: string): RawBuilder<number> {
  if (role === 'admin' || role === 'editor') return systemGroup(role);
  return sql<number>`CASE WHEN permission_group_id IS NULL OR permission_group_id IN
    (SELECT id FROM permission_group WHERE system_key IN ('admin', 'editor'))
    THEN ${viewerGroup} ELSE permission_group_id END`;
}
