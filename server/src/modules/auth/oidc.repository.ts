import type { OidcRoleKept, Role } from '@romshelf/contract';

import type { Db } from '../../db/database.js';

/** Single sign-on records: each session's ID token, and the roles kept for the last admin. */
export class OidcRepository {
  constructor(private readonly db: Db) {}

  async saveIdToken(sessionId: string, idToken: string): Promise<void> {
    await this.db
      .insertInto('oidc_session')
      .values({ session_id: sessionId, id_token: idToken })
      .onConflict((conflict) => conflict.column('session_id').doUpdateSet({ id_token: idToken }))
      .execute();
  }

  async findIdToken(sessionId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('oidc_session')
      .select('id_token')
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    return row?.id_token;
  }

  async recordRoleKept(userId: number, providerRole: Role, now: string): Promise<void> {
    await this.db
      .insertInto('oidc_role_kept')
      .values({ user_id: userId, provider_role: providerRole, kept_at: now })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ provider_role: providerRole, kept_at: now }),
      )
      .execute();
  }

  async clearRoleKept(userId: number): Promise<void> {
    await this.db.deleteFrom('oidc_role_kept').where('user_id', '=', userId).execute();
  }

  /** Kept roles of users who are still administrators. */
  async listRolesKept(): Promise<OidcRoleKept[]> {
    const rows = await this.db
      .selectFrom('oidc_role_kept')
      .innerJoin('user', 'user.id', 'oidc_role_kept.user_id')
      .select([
        'oidc_role_kept.user_id',
        'user.username',
        'oidc_role_kept.provider_role',
        'oidc_role_kept.kept_at',
      ])
      .where('user.role', '=', 'admin')
      .orderBy('oidc_role_kept.kept_at', 'desc')
      .execute();
    // Only roles are ever written (recordRoleKept).
    return rows.map((row) => ({ ...row, provider_role: row.provider_role as Role }));
  }
}
