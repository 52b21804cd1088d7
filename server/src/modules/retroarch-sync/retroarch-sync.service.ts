import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';

import type { FastifyBaseLogger } from 'fastify';

import { HttpError } from '../../http/http-error.js';
import { sniffImage } from '../../lib/image-sniff.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { Withheld } from '../hidden-items/visibility.js';
import type {
  AssetUploadPart,
  PlayAssetsService,
  StoredPlayAsset,
} from '../play-assets/play-assets.service.js';
import type { GameCandidate } from './game-choice.js';
import { chooseGame } from './game-choice.js';
import { retroArchCoreOf } from './retroarch-cores.js';
import type { RetroArchFile } from './retroarch-names.js';
import {
  DEFAULT_SUFFIX,
  parseRetroArchPath,
  retroArchPath,
  thumbnailOf,
} from './retroarch-names.js';
import type { RetroArchSyncRepository } from './retroarch-sync.repository.js';

/** A file of a user's RetroArch tree, and when it last changed. */
export interface TreeFile {
  relPath: string;
  modifiedMs: number;
}

/** What this module needs of the user's WebDAV tree. */
export interface RetroArchTree {
  /** The file's bytes, or null when it is not there. */
  readBytes(userId: number, relPath: string): Promise<Buffer | null>;
  /** The file's content as a stream, or null when it is not there. */
  open(userId: number, relPath: string): Promise<Readable | null>;
  /** Every file under a top folder (`saves`, `states`), at any depth RetroArch uses. */
  filesUnder(userId: number, folder: string): Promise<TreeFile[]>;
  /** Writes a file RetroArch downloads on its next sync. */
  writeFromServer(userId: number, relPath: string, bytes: Buffer): Promise<void>;
}

/** The slot RetroArch's saves are kept in: each distinct content is a version of it. */
export const RETROARCH_SLOT = 'RetroArch';
export const RETROARCH_DEVICE_NAME = 'RetroArch (WebDAV)';

/** The user's one device standing for every RetroArch that syncs through their WebDAV tree. */
export const retroArchDeviceId = (userId: number) => `retroarch-webdav-${String(userId)}`;

export interface RetroArchSyncParts {
  repo: RetroArchSyncRepository;
  tree: RetroArchTree;
  playAssets: PlayAssetsService;
  devices: DevicesService;
  /** What the user may not see (hidden platforms and games are never matched). */
  withheldFor: (userId: number) => Promise<Withheld>;
  log: FastifyBaseLogger;
}

/** What became of a file RetroArch wrote. */
export type ImportOutcome =
  | { kind: 'ignored' }
  | { kind: 'unknown' }
  | { kind: 'ambiguous'; romIds: number[] }
  | { kind: 'imported'; romId: number; assetKind: 'save' | 'state'; id: number }
  | { kind: 'conflict'; romId: number; detail: string };

/**
 * RetroArch's saves and states ↔ RomShelf's: a save or state RetroArch uploads for a game of the
 * user's library becomes that game's save (a version of the "RetroArch" slot, one per distinct
 * content) or state (under RetroArch's name); a save or state stored for a game RetroArch already
 * keeps files of (the browser player, RomM's apps) is written into the tree under RetroArch's
 * name, so RetroArch downloads it on its next sync. Nothing is deleted either way.
 */
export class RetroArchSyncService {
  constructor(private readonly parts: RetroArchSyncParts) {}

  /** Imports a file a RetroArch client wrote (its PUT or MOVE). */
  async clientWrote(userId: number, written: string): Promise<ImportOutcome> {
    // A state's thumbnail comes after the state: the state is stored again, with it.
    const relPath = thumbnailOf(written) ?? written;
    const file = parseRetroArchPath(relPath);
    if (file === null) return { kind: 'ignored' };
    const withheld = await this.parts.withheldFor(userId);
    const choice = chooseGame(await this.parts.repo.candidates(file.stem, withheld), file.folders);
    if (choice.kind !== 'matched') {
      this.parts.log.info({ userId, relPath, choice }, 'RetroArch file matches no single game');
      return choice;
    }
    const deviceId = retroArchDeviceId(userId);
    await this.parts.devices.ensureApproved(userId, deviceId, {
      name: RETROARCH_DEVICE_NAME,
      platform: null,
      client: 'RetroArch',
      client_version: null,
    });
    const stream = await this.parts.tree.open(userId, relPath);
    if (stream === null) return { kind: 'ignored' };
    const upload: AssetUploadPart = {
      field: 'asset',
      fileName: `${file.stem}.${file.suffix}`,
      stream,
      truncated: () => false,
    };
    const target = { romId: choice.romId, emulator: choice.core?.emulator ?? null };
    const slot = {
      slot: file.kind === 'save' ? RETROARCH_SLOT : null,
      overwrite: false,
      autocleanup: false,
      autocleanupLimit: 10,
    };
    const thumbnail = file.kind === 'state' ? await this.thumbnail(userId, relPath) : null;
    try {
      const stored = await this.parts.playAssets.upload(
        userId,
        file.kind,
        target,
        uploadParts(upload, thumbnail),
        slot,
        { deviceId },
      );
      return { kind: 'imported', romId: choice.romId, assetKind: file.kind, id: stored.id };
    } catch (error) {
      // A conflicting upload is kept aside as a save of its own; nothing is lost.
      if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
      return { kind: 'conflict', romId: choice.romId, detail: error.detail };
    } finally {
      stream.destroy();
    }
  }

  /** Writes a save or state stored elsewhere into the tree when RetroArch keeps the game's files. */
  async storedElsewhere(stored: StoredPlayAsset): Promise<string | null> {
    const { userId, kind, id } = stored;
    if (stored.deviceId === retroArchDeviceId(userId)) return null;
    const asset = await this.parts.playAssets.get(userId, kind, id);
    const names = await this.parts.repo.contentNamesOf(asset.rom_id);
    if (names === undefined) return null;
    // A state goes only where RetroArch's core can load it; a save goes to any of its folders.
    const linked = (await this.filesOfGame(userId, names.stems, names.game)).filter(
      (entry) => kind === 'save' || this.coreCanLoad(entry.file.folders, asset.emulator),
    );
    const newest = (files: typeof linked) =>
      files.sort((a, b) => b.modifiedMs - a.modifiedMs)[0]?.file;
    const sameKind = newest(linked.filter((entry) => entry.file.kind === kind));
    const anyKind = newest(linked);
    if (anyKind === undefined) return null;
    const target: RetroArchFile = sameKind ?? {
      ...anyKind,
      kind,
      suffix: DEFAULT_SUFFIX[kind],
    };
    const relPath = retroArchPath(target);
    const { file } = await this.parts.playAssets.openContent(userId, kind, id);
    const bytes = await readFile(file.real);
    const current = await this.parts.tree.readBytes(userId, relPath);
    if (current !== null && current.equals(bytes)) return relPath;
    await this.parts.tree.writeFromServer(userId, relPath, bytes);
    return relPath;
  }

  /** RetroArch's thumbnail of a state as its screenshot, when there is one and it is an image. */
  private async thumbnail(userId: number, statePath: string): Promise<AssetUploadPart | null> {
    const bytes = await this.parts.tree.readBytes(userId, `${statePath}.png`);
    if (bytes === null || sniffImage(bytes) === null) return null;
    return { field: 'screenshot', fileName: `${statePath.split('/').pop() ?? ''}.png`, bytes };
  }

  /** Whether the core of a RetroArch folder can load a state of `emulator` (unknown: yes). */
  private coreCanLoad(folders: readonly string[], emulator: string | null): boolean {
    const cores = folders.map(retroArchCoreOf).filter((core) => core !== null);
    return emulator === null || cores.every((core) => core.emulator === emulator);
  }

  /** The user's RetroArch files of one game: its content names, in folders that fit it. */
  private async filesOfGame(userId: number, stems: ReadonlySet<string>, game: GameCandidate) {
    const files: { file: RetroArchFile; modifiedMs: number }[] = [];
    for (const folder of ['saves', 'states']) {
      for (const entry of await this.parts.tree.filesUnder(userId, folder)) {
        const file = parseRetroArchPath(entry.relPath);
        if (file === null || !stems.has(file.stem)) continue;
        if (chooseGame([game], file.folders).kind !== 'matched') continue;
        files.push({ file, modifiedMs: entry.modifiedMs });
      }
    }
    return files;
  }
}

async function* uploadParts(
  asset: AssetUploadPart,
  screenshot: AssetUploadPart | null,
): AsyncIterable<AssetUploadPart> {
  yield await Promise.resolve(asset);
  if (screenshot !== null) yield screenshot;
}
