import { Readable } from 'node:stream';

import type { ExportFormat, ExportPlatformSummary, LibraryConfig } from '@romshelf/contract';
import { EXPORT_FILE_NAMES, EXPORT_FORMATS } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';

import type { PlatformRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import type { Withheld } from '../hidden-items/visibility.js';
import { NOTHING_WITHHELD, withheldFromCaller } from '../hidden-items/visibility.js';
import { detectLayout, platformRomsPath } from '../library/library-fs.js';
import type { PlatformLookup } from '../platforms/platform-lookup.js';
import type { RomsService } from '../roms/roms.service.js';
import type { ExportLinks } from './export-entry.js';
import { toExportEntry } from './export-entry.js';
import { localGameLinks, localLinks, urlLinks } from './export-links.js';
import { GAMELIST_FOOTER, GAMELIST_HEADER, gamelistDate, gamelistGame } from './gamelist-xml.js';
import { pegasusGame, pegasusHeader } from './pegasus-txt.js';

export interface ExportsDeps {
  platforms: PlatformLookup;
  roms: RomsService;
  libraryConfig: { get(): LibraryConfig };
  files: ConfinedFiles;
  libraryDir: string;
  resourcesDir: string;
  /** The server's public address (BASE_URL); null: the request's. */
  baseUrl: string | null;
  log: FastifyBaseLogger;
}

/** A downloaded export: its file name, type and content, produced as it is sent. */
export interface ExportDownload {
  fileName: string;
  contentType: string;
  body: Readable;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  'gamelist-xml': 'application/xml; charset=utf-8',
  pegasus: 'text/plain; charset=utf-8',
};

/** Relative paths start with `./` in gamelist.xml (ES-DE's form), bare in Pegasus files. */
const LOCAL_PREFIX: Record<ExportFormat, string> = { 'gamelist-xml': './', pegasus: '' };

async function* recordingFailure<T>(
  source: AsyncGenerator<T>,
  record: (error: unknown) => void,
): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (error) {
    record(error);
    throw error;
  }
}

/**
 * Exports a platform's games for other frontends (RomM's export.py): ES-DE `gamelist.xml` and
 * Pegasus `metadata.pegasus.txt`, written into the platform's ROM folder or downloaded. Games
 * are read a page at a time and the file is produced as it is written or sent, so a 20k-game
 * platform starts at once with flat memory; a written file replaces the old one only complete.
 */
export class ExportsService {
  constructor(private readonly deps: ExportsDeps) {}

  /** What exporting these platforms would write: games on disk and the target folder. */
  async summary(platformIds: readonly number[]): Promise<ExportPlatformSummary[]> {
    const platforms = await this.platformsOr404(platformIds);
    return Promise.all(
      platforms.map(async (platform) => ({
        platform_id: platform.id,
        platform_name: platform.custom_name ?? platform.name,
        games: await this.deps.roms.countPresentOfPlatform(platform.id),
        folder: this.romsPathOf(platform),
      })),
    );
  }

  /** Writes the format's file into each platform's ROM folder (`local_export`: relative paths). */
  async write(
    format: ExportFormat,
    platformIds: readonly number[],
    localExport: boolean,
    requestOrigin: string,
  ): Promise<void> {
    const platforms = await this.platformsOr404(platformIds);
    for (const platform of platforms) {
      await this.deps.files.existingFolder(this.deps.libraryDir, this.romsPathOf(platform));
    }
    for (const platform of platforms) {
      await this.writeOne(format, platform, localExport, this.origin(requestOrigin));
    }
  }

  /** One platform's file, produced while it is sent (media stay URLs: nothing is copied). */
  async download(
    format: ExportFormat,
    platformId: number,
    localExport: boolean,
    requestOrigin: string,
  ): Promise<ExportDownload> {
    const [platform] = await this.platformsOr404([platformId]);
    if (platform === undefined)
      throw new HttpError(404, `Platform with ID ${platformId} not found`);
    const origin = this.origin(requestOrigin);
    const links = localExport ? localGameLinks(LOCAL_PREFIX[format], origin) : urlLinks(origin);
    return {
      fileName: EXPORT_FILE_NAMES[format],
      contentType: CONTENT_TYPES[format],
      // A download holds what its caller may see.
      body: Readable.from(this.render(format, platform, links, withheldFromCaller())),
    };
  }

  /**
   * config.yml `scan.gamelist.export` / `scan.pegasus.export`: after a scan, the scanned
   * platforms' files are written with local paths. A failure is logged; the scan stays done.
   */
  async afterScan(platformIds: readonly number[]): Promise<void> {
    const config = this.deps.libraryConfig.get();
    const formats = EXPORT_FORMATS.filter((format) =>
      format === 'gamelist-xml'
        ? config.GAMELIST_AUTO_EXPORT_ON_SCAN
        : config.PEGASUS_AUTO_EXPORT_ON_SCAN,
    );
    for (const format of formats) {
      for (const id of platformIds) {
        try {
          const platform = await this.deps.platforms.find(id);
          if (platform !== undefined && platform.missing_from_fs === 0) {
            await this.writeOne(format, platform, true, this.origin(''));
          }
        } catch (error) {
          this.deps.log.warn(
            { err: error },
            `export: ${EXPORT_FILE_NAMES[format]} of platform ${id} failed`,
          );
        }
      }
    }
  }

  private async writeOne(
    format: ExportFormat,
    platform: PlatformRow,
    localExport: boolean,
    origin: string,
  ): Promise<void> {
    const { files, libraryDir, resourcesDir } = this.deps;
    const romsPath = this.romsPathOf(platform);
    const links = localExport
      ? localLinks(LOCAL_PREFIX[format], { files, libraryDir, romsPath, resourcesDir })
      : urlLinks(origin);
    // The file's own failure (a media folder outside the library) is the answer, not the
    // stream error the writer reports for any source that fails.
    let failure: unknown = null;
    const body = Readable.from(
      // The library's own file holds every game, whoever asks for it.
      recordingFailure(this.render(format, platform, links, NOTHING_WITHHELD), (error) => {
        failure = error;
      }),
    );
    try {
      await files.writeStream(libraryDir, romsPath, EXPORT_FILE_NAMES[format], body);
    } catch (error) {
      throw failure ?? error;
    }
    this.deps.log.info(`export: wrote ${romsPath}/${EXPORT_FILE_NAMES[format]}`);
  }

  /** The file's text, a page of games per chunk. */
  private async *render(
    format: ExportFormat,
    platform: PlatformRow,
    links: ExportLinks,
    withheld: Withheld,
  ): AsyncGenerator<string> {
    const config = this.deps.libraryConfig.get();
    const choice = {
      thumbnail: config.GAMELIST_MEDIA_THUMBNAIL,
      image: config.GAMELIST_MEDIA_IMAGE,
    };
    const scrapDate = gamelistDate(Date.now());
    yield format === 'gamelist-xml'
      ? GAMELIST_HEADER
      : pegasusHeader(platform.custom_name ?? platform.name, platform.slug);
    for await (const page of this.deps.roms.presentOfPlatform(platform.id, withheld)) {
      let chunk = '';
      for (const row of page) {
        const entry = await toExportEntry(row, links);
        chunk +=
          format === 'gamelist-xml' ? gamelistGame(entry, choice, scrapDate) : pegasusGame(entry);
      }
      yield chunk;
    }
    if (format === 'gamelist-xml') yield GAMELIST_FOOTER;
  }

  private async platformsOr404(platformIds: readonly number[]): Promise<PlatformRow[]> {
    if (platformIds.length === 0) {
      throw new HttpError(400, 'At least one platform ID must be provided');
    }
    const platforms: PlatformRow[] = [];
    const hidden = new Set(withheldFromCaller().platformIds);
    for (const id of new Set(platformIds)) {
      const platform = hidden.has(id) ? undefined : await this.deps.platforms.find(id);
      if (platform === undefined) throw new HttpError(404, `Platform with ID ${id} not found`);
      platforms.push(platform);
    }
    return platforms;
  }

  private romsPathOf(platform: PlatformRow): string {
    return platformRomsPath(detectLayout(this.deps.libraryDir), platform.fs_slug);
  }

  private origin(requestOrigin: string): string {
    return (this.deps.baseUrl ?? requestOrigin).replace(/\/+$/, '');
  }
}
