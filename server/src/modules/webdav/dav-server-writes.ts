import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

import { formatManifest, parseManifest, SERVER_MANIFEST } from './dav-manifest.js';
import type { DavTempArea } from './dav-tree-files.js';
import { readJson } from './dav-tree-files.js';

/** A file RomShelf wrote into a tree: its MD5 (RetroArch's hash) and the ETag it got. */
interface ServerWrite {
  md5: string;
  etag: string;
}

type Journal = Map<string, ServerWrite>;

/**
 * Keeps RetroArch's `manifest.server` telling about the files RomShelf writes into a tree.
 *
 * RetroArch reads the manifest when a sync starts and uploads its own updated copy when it
 * ends, built from what it read. A file RomShelf wrote in between would vanish from that
 * copy, and RetroArch would never fetch it. So each server write is kept in a journal until
 * an uploaded manifest names it with its hash; an uploaded manifest that does not is corrected
 * at once, as long as the file is still the one RomShelf wrote (same ETag). Callers hold the
 * user's lock.
 */
export class DavServerWrites {
  constructor(
    private readonly journalDir: string,
    private readonly temp: DavTempArea,
  ) {}

  private journalFile(userId: number): string {
    return path.join(this.journalDir, `${String(userId)}.json`);
  }

  private async readJournal(userId: number): Promise<Journal> {
    const raw = await readJson(this.journalFile(userId), {});
    const journal: Journal = new Map();
    if (typeof raw !== 'object' || raw === null) return journal;
    for (const [relPath, value] of Object.entries(raw as Record<string, unknown>)) {
      const { md5, etag } = (value ?? {}) as { md5?: unknown; etag?: unknown };
      if (typeof md5 === 'string' && typeof etag === 'string') journal.set(relPath, { md5, etag });
    }
    return journal;
  }

  private async writeJournal(userId: number, journal: Journal): Promise<void> {
    await mkdir(this.journalDir, { recursive: true });
    await this.temp.replaceText(
      this.journalFile(userId),
      JSON.stringify(Object.fromEntries(journal)),
    );
  }

  private async readManifest(treeRoot: string) {
    const text = await readFile(path.join(treeRoot, SERVER_MANIFEST), 'utf8').catch(() => '');
    return parseManifest(text);
  }

  /** Records a server write and puts its hash into the tree's manifest. */
  async recorded(userId: number, treeRoot: string, relPath: string, write: ServerWrite) {
    const manifest = await this.readManifest(treeRoot);
    manifest.set(relPath, write.md5);
    await this.temp.replaceText(path.join(treeRoot, SERVER_MANIFEST), formatManifest(manifest));
    const journal = await this.readJournal(userId);
    journal.set(relPath, write);
    await this.writeJournal(userId, journal);
  }

  /** Forgets server writes a client replaced, moved or removed. */
  async forget(userId: number, relPaths: readonly string[]): Promise<void> {
    const journal = await this.readJournal(userId);
    let changed = false;
    for (const relPath of relPaths) changed = journal.delete(relPath) || changed;
    if (changed) await this.writeJournal(userId, journal);
  }

  /** Drops a deleted user's journal. */
  async drop(userId: number): Promise<void> {
    await rm(this.journalFile(userId), { force: true });
  }

  /**
   * After a client uploaded the manifest: puts back the hashes of server writes it left out.
   * `currentEtag` tells the ETag a path has now (null: gone). Returns whether it rewrote it.
   */
  async reconcile(
    userId: number,
    treeRoot: string,
    currentEtag: (relPath: string) => Promise<string | null>,
  ): Promise<boolean> {
    const journal = await this.readJournal(userId);
    if (journal.size === 0) return false;
    const manifest = await this.readManifest(treeRoot);
    let corrected = false;
    for (const [relPath, write] of journal) {
      if ((await currentEtag(relPath)) !== write.etag || manifest.get(relPath) === write.md5) {
        journal.delete(relPath);
        continue;
      }
      manifest.set(relPath, write.md5);
      corrected = true;
    }
    if (corrected) {
      await this.temp.replaceText(path.join(treeRoot, SERVER_MANIFEST), formatManifest(manifest));
    }
    await this.writeJournal(userId, journal);
    return corrected;
  }
}
