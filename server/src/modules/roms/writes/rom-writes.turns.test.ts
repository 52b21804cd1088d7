import { afterEach, describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../../test/build-test-app.js';
import type { Db } from '../../../db/database.js';
import { migrateToLatest, openDatabase } from '../../../db/database.js';
import { DataVersions } from '../../../db/data-versions.js';
import { nameSortKey } from '../names/rom-filename.js';
import { romNameFields } from '../names/rom-name-fields.js';
import type { RomWrite } from './rom-writes.repository.js';
import { RomWritesRepository } from './rom-writes.repository.js';

const NOW = '2026-12-02T10:00:00.000Z';
const ROMS = 5_000;

const open: Db[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

async function library() {
  const db = openDatabase(makeTempDir('romshelf-turns-'));
  open.push(db);
  await migrateToLatest(db);
  const platform = await db
    .insertInto('platform')
    .values({ slug: 'nes', fs_slug: 'nes', name: 'NES', created_at: NOW, updated_at: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  const versions = new DataVersions();
  return { db, versions, writes: new RomWritesRepository(db, versions), platformId: platform.id };
}

function newRom(platformId: number, index: number): RomWrite {
  const fsName = `Game ${String(index)} (USA).nes`;
  const nameFields = romNameFields(fsName, { isFolder: false, name: null });
  return {
    type: 'insert',
    platformId,
    rom: {
      ...nameFields,
      fs_path: 'roms/nes',
      fs_size_bytes: 100,
      fs_mtime_ms: 1,
      name: nameFields.fs_name_no_tags,
      name_sort_key: nameSortKey(nameFields.fs_name_no_tags),
      kind: 'file',
      missing_from_fs: 0,
    },
    files: [],
  };
}

async function romCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('rom')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('a large batch of ROM writes', () => {
  it('commits in several transactions and lets a waiting query through between them', async () => {
    const { db, writes, platformId } = await library();
    const batch = Array.from({ length: ROMS }, (_, index) => newRom(platformId, index));
    // Queued behind the batch's first transaction: it must run before the batch ends.
    let countMidway: number | undefined;
    setImmediate(() => {
      void romCount(db).then((count) => {
        countMidway = count;
      });
    });
    const ids = await writes.applyBatch(batch, NOW);
    expect(new Set(ids).size).toBe(ROMS);
    expect(countMidway).toBeGreaterThan(0);
    expect(countMidway).toBeLessThan(ROMS);
    expect(await romCount(db)).toBe(ROMS);
  });

  it('writes nothing, and moves no data version, for updates without changes', async () => {
    const { db, versions, writes, platformId } = await library();
    const [id] = await writes.applyBatch([newRom(platformId, 1)], NOW);
    if (id === undefined) throw new Error('not inserted');
    const version = versions.of(['romRows']);
    const unchanged: RomWrite = {
      type: 'update',
      romId: id,
      rom: {},
      fileUpdates: [],
      fileInserts: [],
      missingFileIds: [],
    };
    expect(await writes.applyBatch([unchanged], '2026-12-03T00:00:00.000Z')).toEqual([id]);
    expect(versions.of(['romRows'])).toBe(version);
    const row = await db
      .selectFrom('rom')
      .select('updated_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(NOW);
  });
});
