import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import yauzl from 'yauzl';

import type { Db } from '../../../../db/database.js';
import { ProviderError, redactUrl } from '../../provider-http.js';
import { streamXmlRecords } from './launchbox.parser.js';

export interface LaunchboxGameRow {
  database_id: number;
  name: string;
  platform: string;
  data: string;
}

export interface LaunchboxImageRow {
  database_id: number;
  file_name: string;
  type: string;
  region: string | null;
}

export interface LaunchboxImportStats {
  games: number;
  alternate_names: number;
  images: number;
}

/** Case-folded name without accents (Latin), spaces or punctuation (§5 folded index). */
export function foldLaunchboxName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

const BATCH = 400;

function openZipMember(zipPath: string, member: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError !== null) {
        reject(openError);
        return;
      }
      let found = false;
      zip.on('error', reject);
      zip.on('end', () => {
        if (!found) reject(new Error(`${member} is not in the LaunchBox archive`));
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        if (path.posix.basename(entry.fileName) !== member) {
          zip.readEntry();
          return;
        }
        found = true;
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError !== null) reject(streamError);
          else resolve(stream);
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * The LaunchBox Games Database dump (§5), kept in SQLite tables: games by id, by lower-cased
 * `name:platform` and by folded name; alternate names; images. Imported by streaming
 * `Metadata.xml` out of `Metadata.zip` in batched transactions.
 */
export class LaunchboxIndex {
  private importing: Promise<LaunchboxImportStats> | null = null;

  constructor(
    private readonly db: Db,
    private readonly metadataUrl: string,
    private readonly workDir: string,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = 30 * 60_000,
  ) {}

  async isEmpty(): Promise<boolean> {
    const row = await this.db
      .selectFrom('launchbox_game')
      .select('database_id')
      .limit(1)
      .executeTakeFirst();
    return row === undefined;
  }

  /** Imports once when the index is empty (first use); later calls wait for the same import. */
  async ensureLoaded(): Promise<void> {
    if (this.importing !== null) {
      await this.importing;
      return;
    }
    if (await this.isEmpty()) await this.refresh();
  }

  /** Downloads and re-imports the dump (one at a time). */
  refresh(): Promise<LaunchboxImportStats> {
    if (this.importing !== null) return this.importing;
    this.importing = this.download()
      .then((zipPath) => this.importZip(zipPath))
      .finally(() => {
        this.importing = null;
      });
    return this.importing;
  }

  private async download(): Promise<string> {
    await mkdir(this.workDir, { recursive: true });
    const target = path.join(this.workDir, 'Metadata.zip');
    const partial = `${target}.part`;
    const response = await fetch(this.metadataUrl, { signal: AbortSignal.timeout(this.timeoutMs) });
    if (!response.ok || response.body === null) {
      throw new ProviderError(
        'launchbox',
        response.status,
        `${redactUrl(this.metadataUrl)} HTTP ${response.status}`,
      );
    }
    try {
      await pipeline(response.body as unknown as Readable, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return target;
  }

  /** Streams `Metadata.xml` from a downloaded zip into the tables (replacing them). */
  async importZip(zipPath: string): Promise<LaunchboxImportStats> {
    const stream = await openZipMember(zipPath, 'Metadata.xml');
    const stats: LaunchboxImportStats = { games: 0, alternate_names: 0, images: 0 };
    await this.db.deleteFrom('launchbox_game').execute();
    await this.db.deleteFrom('launchbox_alt_name').execute();
    await this.db.deleteFrom('launchbox_image').execute();
    let games: Record<string, unknown>[] = [];
    let alts: Record<string, unknown>[] = [];
    let images: Record<string, unknown>[] = [];
    const flush = async () => {
      const [g, a, i] = [games, alts, images];
      games = [];
      alts = [];
      images = [];
      await this.db.transaction().execute(async (trx) => {
        if (g.length > 0)
          await trx
            .insertInto('launchbox_game')
            .values(g as never)
            .onConflict((oc) => oc.doNothing())
            .execute();
        if (a.length > 0)
          await trx
            .insertInto('launchbox_alt_name')
            .values(a as never)
            .execute();
        if (i.length > 0)
          await trx
            .insertInto('launchbox_image')
            .values(i as never)
            .execute();
      });
    };
    for await (const record of streamXmlRecords(stream, [
      'Game',
      'GameAlternateName',
      'GameImage',
    ])) {
      const id = Number(record.fields.DatabaseID);
      if (!Number.isSafeInteger(id) || id <= 0) continue;
      if (record.tag === 'Game') {
        const name = record.fields.Name ?? '';
        const platform = record.fields.Platform ?? '';
        if (name === '') continue;
        games.push({
          database_id: id,
          name,
          platform,
          name_key: `${name.toLowerCase()}:${platform}`,
          folded_key: `${foldLaunchboxName(name)}:${platform}`,
          data: JSON.stringify(record.fields),
        });
        stats.games += 1;
      } else if (record.tag === 'GameAlternateName') {
        const alt = record.fields.AlternateName ?? '';
        if (alt === '') continue;
        alts.push({
          alt_key: alt.toLowerCase(),
          database_id: id,
          name: alt,
          region: record.fields.Region ?? null,
        });
        stats.alternate_names += 1;
      } else {
        const fileName = record.fields.FileName ?? '';
        if (fileName === '') continue;
        images.push({
          database_id: id,
          file_name: fileName,
          type: record.fields.Type ?? '',
          region: record.fields.Region ?? null,
        });
        stats.images += 1;
      }
      if (games.length + alts.length + images.length >= BATCH) await flush();
    }
    await flush();
    this.log.info(stats, 'launchbox: metadata imported');
    return stats;
  }

  async byId(id: number): Promise<LaunchboxGameRow | undefined> {
    return this.db
      .selectFrom('launchbox_game')
      .select(['database_id', 'name', 'platform', 'data'])
      .where('database_id', '=', id)
      .executeTakeFirst();
  }

  /** Games whose name (any key form) or alternate name matches, on one LaunchBox platform. */
  async findByNames(names: readonly string[], platform: string): Promise<LaunchboxGameRow[]> {
    const keys = [...new Set(names.map((name) => `${name.toLowerCase()}:${platform}`))];
    const folded = [...new Set(names.map((name) => `${foldLaunchboxName(name)}:${platform}`))];
    const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
    const direct = await this.db
      .selectFrom('launchbox_game')
      .select(['database_id', 'name', 'platform', 'data'])
      .where((eb) => eb.or([eb('name_key', 'in', keys), eb('folded_key', 'in', folded)]))
      .execute();
    if (direct.length > 0) return direct;
    return this.db
      .selectFrom('launchbox_game')
      .select(['database_id', 'name', 'platform', 'data'])
      .where('platform', '=', platform)
      .where(
        'database_id',
        'in',
        this.db
          .selectFrom('launchbox_alt_name')
          .select('database_id')
          .where('alt_key', 'in', lowered),
      )
      .execute();
  }

  async alternateNames(id: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('launchbox_alt_name')
      .select('name')
      .where('database_id', '=', id)
      .execute();
    return rows.map((row) => row.name);
  }

  async images(id: number): Promise<LaunchboxImageRow[]> {
    return this.db
      .selectFrom('launchbox_image')
      .select(['database_id', 'file_name', 'type', 'region'])
      .where('database_id', '=', id)
      .orderBy(sql`rowid`)
      .execute();
  }
}
