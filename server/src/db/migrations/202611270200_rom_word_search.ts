import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

import { foldSearchText, romSearchText } from '../../lib/search-text.js';
import { engineOf } from '../engine.js';

interface RomNames {
  id: number;
  name: string | null;
  fs_name: string;
  fs_name_no_tags: string;
}

/** Rows whose search text is rewritten per statement (two bound values each). */
const REWRITE_CHUNK = 400;

/**
 * Search by words, without file-name tags, and without scanning the table for short words.
 *
 * - `rom.search_text` becomes the words of the name and of the file name without tags and
 *   extension (romSearchText): "USA", "Rev 1" or ".nes" are filters, not search words.
 * - `rom_search` replaces `rom_fts`: a contentless FTS5 trigram index whose text puts two
 *   spaces before each word, so the trigrams "␠␠k" and "␠ki" occur only where a word starts
 *   with "k" or "ki". 1- and 2-letter words are thus word-prefix lookups in the index instead
 *   of a LIKE over every row; longer words stay substring matches.
 * - New ROMs are not indexed by a trigger: writers add them per batch with one
 *   INSERT … SELECT (roms/writes/rom-search-index.ts), 4x cheaper than a row trigger when a scan
 *   inserts thousands. Deletes and search_text updates are rare and stay triggered.
 *
 * On PostgreSQL, a database created at this point holds no ROMs yet (PostgreSQL databases are
 * created empty and filled by `db:copy` from an up-to-date one), and its search index is its
 * own migration (202611300200_*): nothing to do.
 */
export const romWordSearch: Migration = {
  async up(db: Kysely<unknown>) {
    if (engineOf(db) === 'postgres') return;
    for (const name of ['rom_fts_insert', 'rom_fts_delete', 'rom_fts_update']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.ref(name)}`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS rom_fts`.execute(db);
    await rewriteSearchText(db, (rom) => romSearchText(rom.name, rom.fs_name_no_tags));

    // SQLite stores this text as written: keep its indentation so every database has the same schema.
    await sql`CREATE VIRTUAL TABLE rom_search USING fts5(
      words, content='', contentless_delete=1, tokenize='trigram'
    )`.execute(db);
    await sql`INSERT INTO rom_search (rowid, words)
      SELECT id, '  ' || replace(search_text, ' ', '  ') FROM rom`.execute(db);
    await sql`CREATE TRIGGER rom_search_delete AFTER DELETE ON rom BEGIN
      DELETE FROM rom_search WHERE rowid = old.id;
    END`.execute(db);
    await sql`CREATE TRIGGER rom_search_update AFTER UPDATE OF search_text ON rom BEGIN
      INSERT OR REPLACE INTO rom_search (rowid, words)
        VALUES (new.id, '  ' || replace(new.search_text, ' ', '  '));
    END`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    if (engineOf(db) === 'postgres') return;
    await sql`DROP TRIGGER IF EXISTS rom_search_delete`.execute(db);
    await sql`DROP TRIGGER IF EXISTS rom_search_update`.execute(db);
    await sql`DROP TABLE IF EXISTS rom_search`.execute(db);
    await rewriteSearchText(db, (rom) =>
      foldSearchText(`${rom.name ?? rom.fs_name_no_tags} ${rom.fs_name}`),
    );
    await sql`CREATE VIRTUAL TABLE rom_fts USING fts5(
      search_text, content='rom', content_rowid='id', tokenize='trigram'
    )`.execute(db);
    await sql`INSERT INTO rom_fts (rom_fts) VALUES ('rebuild')`.execute(db);
    await sql`CREATE TRIGGER rom_fts_insert AFTER INSERT ON rom BEGIN
      INSERT INTO rom_fts(rowid, search_text) VALUES (new.id, new.search_text);
    END`.execute(db);
    await sql`CREATE TRIGGER rom_fts_delete AFTER DELETE ON rom BEGIN
      INSERT INTO rom_fts(rom_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    END`.execute(db);
    await sql`CREATE TRIGGER rom_fts_update AFTER UPDATE OF search_text ON rom BEGIN
      INSERT INTO rom_fts(rom_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO rom_fts(rowid, search_text) VALUES (new.id, new.search_text);
    END`.execute(db);
  },
};

/** Sets every ROM's search_text to `textOf(rom)`, a chunk of rows per UPDATE. */
async function rewriteSearchText(
  db: Kysely<unknown>,
  textOf: (rom: RomNames) => string,
): Promise<void> {
  const { rows } = await sql<RomNames>`
    SELECT id, name, fs_name, fs_name_no_tags FROM rom ORDER BY id`.execute(db);
  for (let start = 0; start < rows.length; start += REWRITE_CHUNK) {
    const values = rows
      .slice(start, start + REWRITE_CHUNK)
      .map((rom) => sql`(${rom.id}, ${textOf(rom)})`);
    await sql`UPDATE rom SET search_text = v.column2
      FROM (VALUES ${sql.join(values)}) AS v WHERE rom.id = v.column1`.execute(db);
  }
}
