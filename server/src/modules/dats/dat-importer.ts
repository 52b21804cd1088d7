import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';

import type { DatFormat, DatRow, DatSource } from '../../db/schema-dats.js';
import type { DatGameEntry, DatHeader } from './dat-entries.js';
import { DatFormatError, regionAndLanguagesOf } from './dat-entries.js';
import type { DatRomValues } from './dat-entry-statements.js';
import { ROWS_PER_STATEMENT } from './dat-entry-statements.js';
import { datText, formatOf, parserFor } from './dat-reader.js';
import type { DatsRepository, DatTransaction } from './dats.repository.js';

/** Games written per transaction. */
const GAME_BATCH = 100;
/** ROM entries written at a time: whole statements. */
const ROM_BATCH = ROWS_PER_STATEMENT * 2;

/** The DAT file to import and where it comes from. */
export interface DatFile {
  filePath: string;
  fileName: string;
  sizeBytes: number;
  source: DatSource;
  /** Path under the `dats` folder (folder DATs), null for uploads. */
  sourcePath: string | null;
  mtimeMs: number | null;
}

/** Picks the platform of a set from its header name (null: none found); reads no database. */
export type PlatformBinder = (headerName: string) => number | null;

/** What an import did: the new DAT and the ones of the same set it replaced. */
export interface DatImportResult {
  datId: number;
  replacedIds: number[];
}

const clip = (value: string | null, length: number): string | null =>
  value === null ? null : value.slice(0, length);

/** Writes games as the parser reads them, a batch at a time, yielding between batches. */
class GameWriter {
  private readonly pending: DatGameEntry[] = [];
  games = 0;
  roms = 0;

  constructor(
    private readonly repository: DatsRepository,
    private readonly datId: number,
  ) {}

  add(game: DatGameEntry): void {
    this.pending.push(game);
  }

  async flush(all: boolean): Promise<void> {
    while (this.pending.length >= GAME_BATCH || (all && this.pending.length > 0)) {
      const batch = this.pending.splice(0, GAME_BATCH);
      await this.repository.transaction((trx) => this.write(trx, batch));
      // Another request may run between batches: a large DAT never stalls the server.
      await nextTurn();
    }
  }

  private async write(trx: DatTransaction, games: DatGameEntry[]): Promise<void> {
    const ids = await this.repository.insertGames(
      trx,
      games.map((game) => ({
        dat_id: this.datId,
        name: game.name.slice(0, 1000),
        description: clip(game.description, 2000),
        clone_of: clip(game.cloneOf, 1000),
        rom_of: clip(game.romOf, 1000),
        ...regionAndLanguagesOf(game.name),
        is_bios: game.isBios ? 1 : 0,
        category: clip(game.category, 200),
      })),
    );
    let roms: DatRomValues[] = [];
    for (const [index, game] of games.entries()) {
      const gameId = ids[index];
      if (gameId === undefined) throw new Error('A DAT game was not stored');
      for (const rom of game.roms) {
        roms.push({
          ...rom,
          name: rom.name.slice(0, 1000),
          dat_id: this.datId,
          dat_game_id: gameId,
        });
        if (roms.length >= ROM_BATCH) {
          await this.repository.insertRoms(trx, roms);
          roms = [];
        }
      }
    }
    await this.repository.insertRoms(trx, roms);
    this.games += games.length;
    this.roms += games.reduce((sum, game) => sum + game.roms.length, 0);
  }
}

/**
 * Imports one DAT file, plain or zipped, Logiqx XML or ClrMamePro text, streaming: memory stays
 * flat whatever its size. Entries are written in short transactions under a DAT no reader sees
 * yet; one transaction then shows it and removes the DATs of the same set it replaces (a failed
 * import removes what it wrote). A replaced DAT's manual platform binding carries over.
 */
export class DatImporter {
  constructor(
    private readonly repository: DatsRepository,
    private readonly now: () => Date,
  ) {}

  async import(file: DatFile, bindPlatform: PlatformBinder): Promise<DatImportResult> {
    const chunks = (await datText(file.filePath))[Symbol.asyncIterator]();
    try {
      return await this.importChunks(file, chunks, bindPlatform);
    } finally {
      await chunks.return?.();
    }
  }

  private async importChunks(
    file: DatFile,
    chunks: AsyncIterator<string>,
    bindPlatform: PlatformBinder,
  ): Promise<DatImportResult> {
    const first = await chunks.next();
    if (first.done === true) throw new DatFormatError('The DAT file is empty');
    const format = formatOf(first.value);
    const datId = await this.repository.insertDat(this.placeholder(file, format));
    try {
      const writer = new GameWriter(this.repository, datId);
      let header: DatHeader | null = null;
      const parser = parserFor(format, {
        header: (value) => {
          header = value;
        },
        game: (game) => writer.add(game),
      });
      parser.write(first.value);
      await writer.flush(false);
      for (let chunk = await chunks.next(); chunk.done !== true; chunk = await chunks.next()) {
        parser.write(chunk.value);
        await writer.flush(false);
      }
      parser.close();
      await writer.flush(true);
      const read = { datId, file, format, header, writer, bindPlatform };
      return await this.repository.transaction((trx) => this.finish(trx, read));
    } catch (error) {
      await this.repository.abandonImport(datId);
      throw error;
    }
  }

  private placeholder(file: DatFile, format: DatFormat) {
    return {
      name: file.fileName,
      description: null,
      version: null,
      author: null,
      homepage: null,
      header_name: '',
      format,
      source: file.source,
      // Set once the DAT it replaces is gone (a folder file's path is unique).
      source_path: null,
      file_name: file.fileName.slice(0, 450),
      file_size_bytes: file.sizeBytes,
      file_mtime_ms: file.mtimeMs,
      game_count: 0,
      rom_count: 0,
      imported_at: this.now().toISOString(),
    };
  }

  private async finish(
    trx: DatTransaction,
    read: {
      datId: number;
      file: DatFile;
      format: DatFormat;
      header: DatHeader | null;
      writer: GameWriter;
      bindPlatform: PlatformBinder;
    },
  ): Promise<DatImportResult> {
    const { datId, file, format, header, writer } = read;
    const fileStem = path.parse(file.fileName).name;
    const headerName = (header?.name ?? '') === '' ? fileStem : (header?.name ?? fileStem);
    const replaced = await this.repository.replacedBy(trx, headerName, file.sourcePath, datId);
    const manual = replaced.find((row: DatRow) => row.platform_binding === 'manual');
    await this.repository.removeIn(
      trx,
      replaced.map((row) => row.id),
    );
    await this.repository.finishImport(trx, datId, {
      name: (header?.description ?? headerName).slice(0, 1000),
      description: clip(header?.description ?? null, 2000),
      version: clip(header?.version ?? null, 200),
      author: clip(header?.author ?? null, 1000),
      homepage: clip(header?.homepage ?? null, 1000),
      header_name: headerName.slice(0, 1000),
      format,
      source_path: file.sourcePath,
      game_count: writer.games,
      rom_count: writer.roms,
      platform_id: manual === undefined ? read.bindPlatform(headerName) : manual.platform_id,
      platform_binding: manual === undefined ? 'auto' : 'manual',
    });
    return { datId, replacedIds: replaced.map((row) => row.id) };
  }
}
