import type { Kysely, Migration } from 'kysely';

/**
 * `play_asset.is_gallery`: a screenshot a user added to a game's gallery (`POST /api/screenshots`),
 * not one taken with a save or state (those pair with their save by file-name stem).
 * `rom.url_manual`: the manual the metadata providers offer, downloaded again on request
 * (`POST /api/roms/{id}/manuals/redownload`).
 */
export const galleryScreenshotsAndManualUrls: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('play_asset')
      .addColumn('is_gallery', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('rom').addColumn('url_manual', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('rom').dropColumn('url_manual').execute();
    await db.schema.alterTable('play_asset').dropColumn('is_gallery').execute();
  },
};
