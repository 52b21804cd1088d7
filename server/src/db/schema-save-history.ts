import type { Generated, Selectable } from 'kysely';

/** An earlier content of a save or state, kept when an upload replaced it. */
export interface PlayAssetVersionTable {
  id: Generated<number>;
  asset_id: number;
  user_id: number;
  /** The asset's name when this content was current. */
  file_name: string;
  /** Folder relative to the assets folder, e.g. `users/3/history/saves/nes/12/40`. */
  file_path: string;
  /** The file's name in that folder (unique per version). */
  stored_name: string;
  file_size_bytes: number;
  content_hash: string | null;
  emulator: string | null;
  /** The device that wrote this content (null: none named). */
  device_id: string | null;
  /** When this content was written. */
  saved_at: string;
  /** When a newer content replaced it (its age counts from here). */
  replaced_at: string;
}

/** A user's own save-history limits; null: the server's default. */
export interface SaveHistorySettingTable {
  user_id: number;
  max_versions: number | null;
  max_age_days: number | null;
  updated_at: string;
}

/** The save history's tables (migration 202612040400_save_history). */
export interface SaveHistoryTables {
  play_asset_version: PlayAssetVersionTable;
  save_history_setting: SaveHistorySettingTable;
}

export type PlayAssetVersionRow = Selectable<PlayAssetVersionTable>;
