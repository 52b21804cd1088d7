import type {
  FpkgiFeed,
  Platform,
  SimpleRom,
  TinfoilFeed,
  TinfoilTitle,
  WebrcadeFeed,
  WebrcadeItem,
} from '@romshelf/contract';
import {
  PKGI_CONTENT_TYPES,
  PKGI_PLATFORMS,
  PRODUCT_NAME,
  WEBRCADE_PLATFORM_TYPES,
} from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import type { PlatformsService } from '../platforms/platforms.service.js';
import type { RomListService } from '../roms/list/rom-list.service.js';
import type { PkgjListKey } from './feed-entries.js';
import {
  fpkgiItem,
  isPkgEntry,
  kekatsuLine,
  PKGJ_COLUMNS,
  pkgiLine,
  pkgiVitaLine,
  pkgjRow,
  tinfoilTitle,
} from './feed-entries.js';
import type { FeedLinks } from './feed-links.js';

/** Files Tinfoil installs (RomM's list). */
const TINFOIL_EXTENSIONS = new Set(['xci', 'nsp', 'nsz', 'xcz', 'nro']);
/** File categories a PS Vita PKGi list may ask for (any RomM file category). */
const FILE_CATEGORIES = new Set([
  'game',
  'dlc',
  'hack',
  'manual',
  'patch',
  'update',
  'mod',
  'demo',
  'translation',
  'prototype',
  'cheat',
  'soundtrack',
  'screenshot',
]);
const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  ps3: 'PlayStation 3',
  psvita: 'PlayStation Vita',
  psp: 'PlayStation Portable',
};

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * The console feeds of RomM (`backend/endpoints/feeds.py`). Games are read through the ROM
 * list for the caller, so whatever the caller may not see is not listed.
 */
export class FeedsService {
  constructor(
    private readonly platforms: Pick<PlatformsService, 'list'>,
    private readonly lists: Pick<RomListService, 'platformRoms'>,
    /** Shown by Tinfoil when it opens the feed (TINFOIL_WELCOME_MESSAGE). */
    private readonly tinfoilWelcome: string,
  ) {}

  private async platformBySlug(fsSlug: string): Promise<Platform | undefined> {
    return (await this.platforms.list()).find((platform) => platform.fs_slug === fsSlug);
  }

  private async platformOr404(fsSlug: string, notFound: string): Promise<Platform> {
    const platform = await this.platformBySlug(fsSlug);
    if (platform === undefined) throw new HttpError(404, notFound);
    return platform;
  }

  private async *roms(platform: Platform, userId: number): AsyncGenerator<SimpleRom> {
    for await (const batch of this.lists.platformRoms(platform.id, userId)) yield* batch;
  }

  /** webRcade: one category per platform it plays, each game downloadable whole. */
  async webrcade(userId: number, links: FeedLinks): Promise<WebrcadeFeed> {
    const categories: WebrcadeFeed['categories'] = [];
    for (const platform of await this.platforms.list()) {
      const type = WEBRCADE_PLATFORM_TYPES[platform.slug];
      if (type === undefined) continue;
      const items: WebrcadeItem[] = [];
      for await (const rom of this.roms(platform, userId)) {
        const thumbnail = links.asset(rom.path_cover_small);
        const background = links.asset(rom.path_cover_large);
        items.push({
          title: rom.name ?? rom.fs_name_no_tags,
          description: rom.summary ?? '',
          type,
          ...(thumbnail === null ? {} : { thumbnail }),
          ...(background === null ? {} : { background }),
          props: { rom: links.rom(rom) },
        });
      }
      const name = platform.display_name;
      if (items.length > 0) categories.push({ title: name, longTitle: `${name} Games`, items });
    }
    return {
      title: `${PRODUCT_NAME} Feed`,
      longTitle: `Custom ${PRODUCT_NAME} Feed`,
      description: `Custom feed from your ${PRODUCT_NAME} library`,
      thumbnail: `${links.origin}/logo.svg`,
      background: `${links.origin}/logo.svg`,
      categories,
    };
  }

  /** Tinfoil's custom index: the Switch platform's installable files and their titles. */
  async tinfoil(slug: string, userId: number, links: FeedLinks): Promise<TinfoilFeed> {
    const platform = await this.platformBySlug(slug);
    if (platform === undefined) {
      return { files: [], directories: [], error: 'Nintendo Switch platform not found' };
    }
    const files: TinfoilFeed['files'] = [];
    const titledb: Record<string, TinfoilTitle> = {};
    for await (const rom of this.roms(platform, userId)) {
      for (const file of rom.files) {
        if (!TINFOIL_EXTENSIONS.has(extensionOf(file.file_name))) continue;
        files.push({ url: links.file(file), size: file.file_size_bytes });
      }
      const title = tinfoilTitle(rom);
      if (title !== null) titledb[title.id] = title;
    }
    return { files, directories: [], success: this.tinfoilWelcome, titledb };
  }

  /** A PKGi list (PS3, PS Vita or PSP) of the `.pkg` files of one content type. */
  async pkgi(
    platformSlug: string,
    contentType: string,
    userId: number,
    links: FeedLinks,
  ): Promise<string> {
    if (!(PKGI_PLATFORMS as readonly string[]).includes(platformSlug)) {
      throw new HttpError(404, 'Not Found');
    }
    const name = PLATFORM_NAMES[platformSlug] ?? platformSlug;
    const platform = await this.platformOr404(platformSlug, `${name} platform not found`);
    const typeNumber = PKGI_CONTENT_TYPES[contentType];
    const vita = platformSlug === 'psvita';
    if (vita ? !FILE_CATEGORIES.has(contentType) : typeNumber === undefined) {
      throw new HttpError(400, `Invalid content type: ${contentType}`);
    }
    const lines: string[] = [];
    for await (const rom of this.roms(platform, userId)) {
      for (const file of rom.files) {
        if (!isPkgEntry(file, contentType)) continue;
        lines.push(vita ? pkgiVitaLine(file, links) : pkgiLine(file, typeNumber ?? 0, links));
      }
    }
    return lines.join('\n');
  }

  /** A pkgj list (TSV with its header row): PSP games or DLC, PS Vita games or DLC, PS games. */
  async pkgj(list: PkgjListKey, userId: number, links: FeedLinks): Promise<string> {
    const [platformSlug = '', kind = ''] = list.split('/');
    const platform = await this.platformOr404(platformSlug, `Platform ${platformSlug} not found`);
    const category = kind === 'games' ? 'game' : 'dlc';
    const lines: string[] = [PKGJ_COLUMNS[list].join('\t')];
    for await (const rom of this.roms(platform, userId)) {
      for (const file of rom.files) {
        if (isPkgEntry(file, category)) lines.push(pkgjRow(list, rom, file, links));
      }
    }
    return lines.join('\n');
  }

  /** FPKGi (PS4/PS5): each game keyed by its download link. */
  async fpkgi(platformSlug: string, userId: number, links: FeedLinks): Promise<FpkgiFeed> {
    const platform = await this.platformOr404(platformSlug, `Platform ${platformSlug} not found`);
    const data: FpkgiFeed['DATA'] = {};
    for await (const rom of this.roms(platform, userId))
      data[links.rom(rom)] = fpkgiItem(rom, links);
    return { DATA: data };
  }

  /** Kekatsu (Nintendo DS): database version, delimiter, then one tab-separated line a game. */
  async kekatsu(platformSlug: string, userId: number, links: FeedLinks): Promise<string> {
    const platform = await this.platformOr404(platformSlug, `Platform ${platformSlug} not found`);
    const lines = ['1', '\t'];
    for await (const rom of this.roms(platform, userId)) {
      lines.push(kekatsuLine(rom, platform.slug, links));
    }
    return lines.join('\n');
  }
}
