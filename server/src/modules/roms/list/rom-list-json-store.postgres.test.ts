import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../../test/library-fixtures.js';
import { RomListJsonStore } from './rom-list-json-store.js';

describe('rom_list_json on PostgreSQL', () => {
  it('writes a ROM whose row a write holds without waiting for it, and stores it once released', async () => {
    const { app, config, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    writeTree(config.libraryDir, { 'roms/nes/Alpha (USA).nes': 'a' });
    await scanLibrary(app, session);
    await app.close();
    const db = await openTestDatabase(dataDir);
    const writer = await openTestDatabase(dataDir);
    try {
      const { id } = await db.selectFrom('rom').select('id').executeTakeFirstOrThrow();
      await db.deleteFrom('rom_list_json').execute();
      const store = new RomListJsonStore(db);
      const nameIn = (json: string | undefined) =>
        (JSON.parse(`${json ?? ''}}`) as { name: string }).name;
      await writer.transaction().execute(async (trx) => {
        await sql`UPDATE rom SET name = 'Held' WHERE id = ${id}`.execute(trx);
        // Waiting for the writer's lock here would never end: it commits after this answer.
        expect(nameIn((await store.jsonOf([id])).get(id)?.json)).toBe('Alpha');
        expect(await db.selectFrom('rom_list_json').select('rom_id').execute()).toEqual([]);
      });
      expect(nameIn((await store.jsonOf([id])).get(id)?.json)).toBe('Held');
      expect(await db.selectFrom('rom_list_json').select('rom_id').execute()).toEqual([
        { rom_id: id },
      ]);
    } finally {
      await writer.destroy();
      await db.destroy();
    }
  });
});
