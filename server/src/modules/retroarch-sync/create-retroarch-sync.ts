import type { FastifyBaseLogger } from 'fastify';

import type { Db } from '../../db/database.js';
import { HttpError } from '../../http/http-error.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { HiddenItemsService } from '../hidden-items/hidden-items.service.js';
import type { PlayAssetsService } from '../play-assets/play-assets.service.js';
import type { DavStore } from '../webdav/dav-store.js';
import { RetroArchSyncRepository } from './retroarch-sync.repository.js';
import type { RetroArchTree, TreeFile } from './retroarch-sync.service.js';
import { RetroArchSyncService } from './retroarch-sync.service.js';

/** Sub folders RetroArch may sort files into, plus the file itself. */
const TREE_DEPTH = 3;

/** The user's WebDAV tree as RetroArch sync reads and writes it. */
function treeOf(dav: DavStore): RetroArchTree {
  const filesBelow = async (userId: number, folder: string, depth: number): Promise<TreeFile[]> => {
    if (depth === 0) return [];
    const entries = await dav.list(userId, folder).catch((error: unknown) => {
      if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 409)) {
        return [];
      }
      throw error;
    });
    const files: TreeFile[] = [];
    for (const entry of entries) {
      if (entry.collection) files.push(...(await filesBelow(userId, entry.relPath, depth - 1)));
      else files.push({ relPath: entry.relPath, modifiedMs: entry.modified.getTime() });
    }
    return files;
  };
  const open = async (userId: number, relPath: string) => {
    const found = await dav.read(userId, relPath).catch((error: unknown) => {
      if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 405)) {
        return null;
      }
      throw error;
    });
    return found?.stream ?? null;
  };
  return {
    open,
    async readBytes(userId, relPath) {
      const stream = await open(userId, relPath);
      if (stream === null) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    filesUnder: (userId, folder) => filesBelow(userId, folder, TREE_DEPTH),
    async writeFromServer(userId, relPath, bytes) {
      await dav.writeFromServer(userId, relPath, bytes);
    },
  };
}

/**
 * RetroArch sync between the users' WebDAV trees and their saves and states: listens to both
 * (a failure is logged; the client's write or the upload it follows still succeeds).
 */
export function createRetroArchSync(parts: {
  db: Db;
  dav: DavStore;
  playAssets: PlayAssetsService;
  devices: DevicesService;
  hidden: Pick<HiddenItemsService, 'withheldFrom'>;
  log: FastifyBaseLogger;
}): RetroArchSyncService {
  const { dav, log, hidden } = parts;
  const repo = new RetroArchSyncRepository(parts.db);
  const sync = new RetroArchSyncService({
    ...parts,
    repo,
    tree: treeOf(dav),
    withheldFor: async (userId) => hidden.withheldFrom((await repo.user(userId)) ?? null),
  });
  dav.onClientChange(async (change) => {
    // An empty file is no save (RetroArch writes none); it stays in the tree.
    if (change.kind === 'written' && change.size > 0) {
      await sync.clientWrote(change.userId, change.relPath);
    }
  });
  parts.playAssets.onStored(async (stored) => {
    try {
      await sync.storedElsewhere(stored);
    } catch (error) {
      log.warn({ err: error, stored }, 'Could not write the save or state for RetroArch');
    }
  });
  return sync;
}
