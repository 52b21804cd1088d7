/** A user's WebDAV tree lock row (see migration 202612050500_webdav_locks). */
export interface WebdavLockTable {
  user_id: number;
  /** When a change last took the lock. */
  taken_at: string;
}

/** The WebDAV store's tables. */
export interface WebdavTables {
  webdav_lock: WebdavLockTable;
}
