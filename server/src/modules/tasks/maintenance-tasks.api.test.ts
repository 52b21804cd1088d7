import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { RomListPage } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import { asAdmin, runTask } from '../../../test/tasks.js';

async function romsByName(app: FastifyInstance) {
  const page = (
    await app.inject({ method: 'GET', url: '/api/roms?limit=100', headers: asAdmin })
  ).json<RomListPage>();
  return new Map(page.items.map((rom) => [rom.fs_name, rom]));
}

async function scannedLibrary(files: Record<string, string>) {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  writeTree(test.config.libraryDir, files);
  await scanLibrary(test.app, session);
  return { ...test, session, resources: path.join(test.dataDir, 'resources', 'roms') };
}

function touch(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
}

describe('cleanup_missing_roms', () => {
  it('deletes only the ROMs missing from disk, with their resources', async () => {
    const { app, session, config, resources } = await scannedLibrary({
      'roms/snes/Alpha (USA).sfc': 'alpha',
      'roms/snes/Beta (USA).sfc': 'beta',
      'roms/gba/Gamma (USA).gba': 'gamma',
    });
    const before = await romsByName(app);
    const beta = before.get('Beta (USA).sfc');
    const gamma = before.get('Gamma (USA).gba');
    if (beta === undefined || gamma === undefined) throw new Error('not scanned');
    touch(path.join(resources, String(beta.platform_id), String(beta.id), 'cover', 'big.webp'));
    rmSync(path.join(config.libraryDir, 'roms/snes/Beta (USA).sfc'));
    rmSync(path.join(config.libraryDir, 'roms/gba/Gamma (USA).gba'));
    await scanLibrary(app, session);
    expect([...(await romsByName(app)).values()].map((rom) => rom.missing_from_fs)).toEqual([
      false,
      true,
      true,
    ]);

    const onlyGba = await runTask(app, 'cleanup_missing_roms', {
      platform_ids: [gamma.platform_id],
    });
    expect(onlyGba.meta).toEqual({
      cleanup_stats: {
        platform_ids: [gamma.platform_id],
        roms_found: 1,
        roms_deleted: 1,
        errors: 0,
      },
    });
    expect([...(await romsByName(app)).keys()]).toEqual(['Alpha (USA).sfc', 'Beta (USA).sfc']);

    const all = await runTask(app, 'cleanup_missing_roms');
    expect(all.meta).toEqual({
      cleanup_stats: { platform_ids: null, roms_found: 1, roms_deleted: 1, errors: 0 },
    });
    expect([...(await romsByName(app)).keys()]).toEqual(['Alpha (USA).sfc']);
    expect(existsSync(path.join(resources, String(beta.platform_id), String(beta.id)))).toBe(false);
    expect(existsSync(path.join(config.libraryDir, 'roms/snes/Alpha (USA).sfc'))).toBe(true);
  });
});

describe('cleanup_orphaned_resources', () => {
  it('removes the resources of deleted ROMs and platforms, and nothing else', async () => {
    const { app, resources } = await scannedLibrary({
      'roms/snes/Alpha (USA).sfc': 'alpha',
      'roms/snes/Beta (USA).sfc': 'beta',
    });
    const alpha = (await romsByName(app)).get('Alpha (USA).sfc');
    if (alpha === undefined) throw new Error('not scanned');
    const platform = path.join(resources, String(alpha.platform_id));
    const kept = [
      path.join(platform, String(alpha.id), 'cover', 'big.webp'),
      path.join(platform, String(alpha.id), 'manual', `${String(alpha.id)}.pdf`),
      path.join(platform, 'notes', 'readme.txt'),
    ];
    const orphans = [
      path.join(platform, '9999', 'cover', 'small.webp'),
      path.join(platform, '9998', 'screenshots', '0.webp'),
      path.join(resources, '777', '5', 'manual', '5.pdf'),
    ];
    for (const file of [...kept, ...orphans]) touch(file);

    const run = await runTask(app, 'cleanup_orphaned_resources');
    expect(run).toMatchObject({ status: 'finished', task_type: 'cleanup' });
    expect(run.meta).toEqual({
      cleanup_stats: {
        platforms_in_db: 1,
        roms_in_db: 2,
        platforms_in_fs: 2,
        roms_in_fs: 4,
        removed_fs_platforms: 1,
        removed_fs_roms: 3,
      },
    });
    for (const file of kept) expect(existsSync(file), file).toBe(true);
    for (const file of orphans) expect(existsSync(file), file).toBe(false);
    expect(readdirSync(resources)).toEqual([String(alpha.platform_id)]);
  });

  it('leaves resources alone when the database has no platform, unless forced', async () => {
    const test = await buildTestApp();
    await createFirstAdmin(test.app);
    const orphan = path.join(test.dataDir, 'resources', 'roms', '3', '4', 'cover', 'big.webp');
    touch(orphan);
    const careful = await runTask(test.app, 'cleanup_orphaned_resources');
    expect(careful.meta.cleanup_stats).toMatchObject({
      platforms_in_fs: 1,
      removed_fs_platforms: 0,
    });
    expect(existsSync(orphan)).toBe(true);
    const forced = await runTask(test.app, 'cleanup_orphaned_resources', { force: true });
    expect(forced.meta.cleanup_stats).toMatchObject({
      removed_fs_platforms: 1,
      removed_fs_roms: 1,
    });
    expect(existsSync(orphan)).toBe(false);
  });
});

describe('convert_images_to_webp', () => {
  it('converts stored PNG and JPEG artwork to WebP and points the ROM at it', async () => {
    const { app, dataDir, resources } = await scannedLibrary({ 'roms/snes/Alpha (USA).sfc': 'a' });
    const alpha = (await romsByName(app)).get('Alpha (USA).sfc');
    if (alpha === undefined) throw new Error('not scanned');
    expect(alpha.path_cover_large).toBe('');
    const folder = path.join(resources, String(alpha.platform_id), String(alpha.id));
    const red = sharp({ create: { width: 40, height: 60, channels: 3, background: '#c00' } });
    mkdirSync(path.join(folder, 'cover'), { recursive: true });
    mkdirSync(path.join(folder, 'screenshots'), { recursive: true });
    await red
      .clone()
      .png()
      .toFile(path.join(folder, 'cover', 'big.png'));
    await red
      .clone()
      .png()
      .toFile(path.join(folder, 'cover', 'small.png'));
    await red
      .clone()
      .jpeg()
      .toFile(path.join(folder, 'screenshots', '0.jpg'));
    writeFileSync(path.join(folder, 'screenshots', '1.png'), 'not an image');
    const relative = `roms/${String(alpha.platform_id)}/${String(alpha.id)}/screenshots`;
    const db = await openTestDatabase(dataDir);
    await db
      .updateTable('rom')
      .set({ path_screenshots: JSON.stringify([`${relative}/0.jpg`, `${relative}/1.png`]) })
      .where('id', '=', alpha.id)
      .execute();
    await db.destroy();

    const run = await runTask(app, 'convert_images_to_webp');
    expect(run).toMatchObject({ status: 'finished', task_type: 'conversion' });
    expect(run.meta).toEqual({ conversion_stats: { processed: 3, errors: 1, total: 4 } });
    expect(readdirSync(path.join(folder, 'cover')).sort()).toEqual(['big.webp', 'small.webp']);
    expect(readdirSync(path.join(folder, 'screenshots')).sort()).toEqual(['0.webp', '1.png']);
    const converted = await sharp(path.join(folder, 'cover', 'big.webp')).metadata();
    expect(converted).toMatchObject({ format: 'webp', width: 40, height: 60 });

    const rom = (
      await app.inject({ method: 'GET', url: `/api/roms/${String(alpha.id)}`, headers: asAdmin })
    ).json<{ path_cover_large: string }>();
    expect(rom.path_cover_large).toMatch(
      new RegExp(
        `^/assets/romm/resources/roms/${String(alpha.platform_id)}/${String(alpha.id)}/cover/big\\.webp\\?ts=`,
      ),
    );
    const check = await openTestDatabase(dataDir);
    const row = await check
      .selectFrom('rom')
      .select('path_screenshots')
      .where('id', '=', alpha.id)
      .executeTakeFirstOrThrow();
    await check.destroy();
    expect(JSON.parse(row.path_screenshots)).toEqual([`${relative}/0.webp`, `${relative}/1.png`]);

    const again = await runTask(app, 'convert_images_to_webp');
    expect(again.meta).toEqual({ conversion_stats: { processed: 0, errors: 1, total: 1 } });
  });
});
