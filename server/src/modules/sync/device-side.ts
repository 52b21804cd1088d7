/** A save file as a device holds it, in the folder of one platform. */
export interface DeviceFile {
  /** The platform's folder name (RomM `fs_slug`). */
  platformSlug: string;
  fileName: string;
  mtimeMs: number;
  size: number;
}

/** A device file copied where the server can read it, removed again by `dispose`. */
export interface FetchedFile {
  path: string;
  dispose: () => Promise<void>;
}

/** What became of one device file. */
export type FileOutcome = 'pulled' | 'pushed' | 'no_op' | 'conflict' | 'skipped';

/**
 * The device's save folders as a server-run sync sees them: its sync folder (file_transfer)
 * or its own disk over SFTP (push_pull).
 */
export interface DeviceSide {
  list(): Promise<DeviceFile[]>;
  fetch(file: DeviceFile): Promise<FetchedFile>;
  /**
   * Writes the server's save (at `sourcePath`) to the device as `fileName`, dated `savedAt`
   * (the save's time, so the device's copy does not look changed since the sync).
   */
  send(platformSlug: string, fileName: string, sourcePath: string, savedAt: Date): Promise<void>;
  /** Done with a file (file_transfer clears its incoming copy, or keeps a conflict aside). */
  settle(file: DeviceFile, outcome: FileOutcome): Promise<void>;
  /** The folder of a platform's saves on the device, where missing saves are pushed; or null. */
  folderOf(platformSlug: string): string | null;
  close(): Promise<void>;
}
