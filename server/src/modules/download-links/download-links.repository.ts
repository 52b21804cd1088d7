import type { Db } from '../../db/database.js';
import type { DownloadLinkRow, UserRow } from '../../db/schema.js';

/** A link with what the lists show of its ROM. */
export interface DownloadLinkWithRom extends DownloadLinkRow {
  rom_name: string | null;
  rom_fs_name: string;
}

/** A link found by its token, with its owner (still allowed to sign in?) and its ROM's platform. */
export interface DownloadLinkWithOwner extends DownloadLinkWithRom {
  owner_enabled: number;
  owner_role: UserRow['role'];
  rom_platform_id: number;
}

/** Download links. Every lookup by owner takes the owner's id, so nobody reaches another's. */
export class DownloadLinksRepository {
  constructor(private readonly db: Db) {}

  private withRom() {
    return this.db
      .selectFrom('download_link')
      .innerJoin('rom', 'rom.id', 'download_link.rom_id')
      .selectAll('download_link')
      .select(['rom.name as rom_name', 'rom.fs_name as rom_fs_name']);
  }

  async insert(row: {
    user_id: number;
    rom_id: number;
    hashed_token: string;
    expires_at: string;
    created_at: string;
  }): Promise<number> {
    const { id } = await this.db
      .insertInto('download_link')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** The owner's links still working at `now`, newest first; of one ROM when given. */
  async listLive(userId: number, now: string, romId?: number): Promise<DownloadLinkWithRom[]> {
    let query = this.withRom()
      .where('download_link.user_id', '=', userId)
      .where('download_link.expires_at', '>', now);
    if (romId !== undefined) query = query.where('download_link.rom_id', '=', romId);
    return query.orderBy('download_link.id', 'desc').execute();
  }

  async find(id: number, userId: number): Promise<DownloadLinkWithRom | undefined> {
    return this.withRom()
      .where('download_link.id', '=', id)
      .where('download_link.user_id', '=', userId)
      .executeTakeFirst();
  }

  async findByHash(hashedToken: string): Promise<DownloadLinkWithOwner | undefined> {
    return this.withRom()
      .innerJoin('user', 'user.id', 'download_link.user_id')
      .select(['user.enabled as owner_enabled', 'user.role as owner_role'])
      .select('rom.platform_id as rom_platform_id')
      .where('download_link.hashed_token', '=', hashedToken)
      .executeTakeFirst();
  }

  /** Removes a link of that owner; whether there was one. */
  async delete(id: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('download_link')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Forgets the owner's expired links. */
  async deleteExpired(userId: number, now: string): Promise<void> {
    await this.db
      .deleteFrom('download_link')
      .where('user_id', '=', userId)
      .where('expires_at', '<=', now)
      .execute();
  }

  async recordUse(id: number, now: string): Promise<void> {
    await this.db
      .updateTable('download_link')
      .set((eb) => ({ last_used_at: now, downloads: eb('downloads', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
}
