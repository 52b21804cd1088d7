import { execFileSync } from 'node:child_process';
import { renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { DetailedRom, Platform, RomListPage } from '@romshelf/contract';
import yazl from 'yazl';
import { describe, expect, it, vi } from 'vitest';

import {
  buildTestApp,
  createFirstAdmin,
  login,
  makeTempDir,
} from '../../../test/build-test-app.js';
import type { Session } from '../../../test/build-test-app.js';
import { hashesOf, scanLibrary, writeTree } from '../../../test/library-fixtures.js';

function zipBuffer(entries: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, content] of Object.entries(entries))
      zip.addBuffer(Buffer.from(content), name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

async function setup(env: Record<string, string> = {}) {
  const test = await buildTestApp({ env });
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  return { ...test, session, library: test.config.libraryDir };
}

async function getJson<T>(
  app: Awaited<ReturnType<typeof setup>>['app'],
  session: Session,
  url: string,
) {
  const response = await app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const CONFIG_YML = `exclude:
  platforms: [romm]
  roms:
    single_file:
      extensions: [txt]
      names: ['*.nfo']
    multi_file:
      names: [downloaded_media]
      parts:
        extensions: [sav]
        names: ['thumbs*']
system:
  platforms:
    gc: ngc
`;

describe('library scan', () => {
  it('scans the roms-first layout: single and multi-file ROMs, categories, exclusions, hashes', async () => {
    const { app, session, library, dataDir } = await setup();
    writeFileSync(path.join(dataDir, 'config', 'config.yml'), CONFIG_YML);
    const zip = await zipBuffer({ 'game.sfc': 'zipped rom', 'docs/readme.txt': 'hello' });
    writeTree(library, {
      'roms/snes/Super Mario World (USA).sfc': 'mario',
      'roms/snes/The Legend of Zelda (Europe) (En,Fr,De) (Rev 1).sfc': 'zelda',
      'roms/snes/Packed (Japan).zip': zip,
      'roms/snes/.hidden.sfc': 'hidden',
      'roms/snes/notes.txt': 'excluded by extension',
      'roms/snes/info.nfo': 'excluded by name',
      'roms/snes/save.db': 'excluded by default extension',
      'roms/snes/gamelist.xml': 'excluded by default name',
      'roms/snes/.DS_Store': 'x',
      'roms/snes/downloaded_media/cover.png': 'excluded folder',
      'roms/psx/Final Fantasy VII (USA)/FF7 (Disc 1).cue': 'cue1',
      'roms/psx/Final Fantasy VII (USA)/FF7 (Disc 1).bin': 'bin1',
      'roms/psx/Final Fantasy VII (USA)/FF7 (Disc 2).cue': 'cue2',
      'roms/psx/Final Fantasy VII (USA)/dlc/Extra.bin': 'dlc',
      'roms/psx/Final Fantasy VII (USA)/Manuals/manual.pdf': 'pdf',
      'roms/psx/Final Fantasy VII (USA)/other/readme.md': 'md',
      'roms/psx/Final Fantasy VII (USA)/game.sav': 'excluded part extension',
      'roms/psx/Final Fantasy VII (USA)/thumbs.db': 'excluded part',
      'roms/psx/Final Fantasy VII (USA)/.sync': 'hidden part',
      'roms/psx/Final Fantasy VII (USA)/@eaDir/x.bin': 'default excluded folder',
      'roms/psx/Nested (USA)/Nested (USA).chd': 'nested',
      'roms/gc/Metroid Prime (USA).iso': 'gc',
      'roms/romm/ignored.bin': 'excluded platform',
      'roms/.Trash-1000/ignored.bin': 'hidden platform',
      'roms/@eaDir/ignored.bin': 'default excluded folder',
      'roms/gb/Pokémon – Édition Rouge (France).gb': 'pokemon',
      'roms/gb/名前 [!] #1 %20 & more.gb': 'odd',
      'bios/psx/scph1001.bin': 'firmware is not a platform',
    });

    const stats = await scanLibrary(app, session);
    expect(stats).toMatchObject({
      total_platforms: 4,
      scanned_platforms: 4,
      new_platforms: 4,
      new_roms: 8,
      scanned_roms: 8,
      skipped_files: 0,
    });

    const platforms = await getJson<Platform[]>(app, session, '/api/platforms');
    expect(platforms.map((platform) => platform.fs_slug).sort()).toEqual([
      'gb',
      'gc',
      'psx',
      'snes',
    ]);
    const gc = platforms.find((platform) => platform.fs_slug === 'gc');
    expect(gc).toMatchObject({ slug: 'ngc', rom_count: 1, fs_size_bytes: 2, firmware: [] });
    const snes = platforms.find((platform) => platform.fs_slug === 'snes');
    expect(snes).toMatchObject({ slug: 'snes', rom_count: 3, is_identified: true });
    expect(snes?.display_name).toMatch(/Nintendo|Super/);
    const single = await getJson<Platform>(app, session, `/api/platforms/${snes?.id ?? 0}`);
    expect(single.id).toBe(snes?.id);

    const psx = platforms.find((platform) => platform.fs_slug === 'psx');
    const page = await getJson<RomListPage>(app, session, `/api/roms?platform_id=${psx?.id ?? 0}`);
    expect(page.items.map((rom) => rom.fs_name)).toEqual([
      'Final Fantasy VII (USA)',
      'Nested (USA)',
    ]);
    const ff7 = await getJson<DetailedRom>(app, session, `/api/roms/${page.items[0]?.id ?? 0}`);
    expect(ff7).toMatchObject({
      fs_path: 'roms/psx',
      full_path: 'roms/psx/Final Fantasy VII (USA)',
      fs_extension: '',
      has_multiple_files: true,
      has_nested_single_file: false,
      has_simple_single_file: false,
      regions: ['USA'],
      fs_size_bytes: 4 + 4 + 4 + 3 + 3 + 2,
    });
    expect(ff7.files.map((file) => [file.full_path, file.category, file.is_top_level])).toEqual([
      ['roms/psx/Final Fantasy VII (USA)/FF7 (Disc 1).bin', 'game', true],
      ['roms/psx/Final Fantasy VII (USA)/FF7 (Disc 1).cue', 'game', true],
      ['roms/psx/Final Fantasy VII (USA)/FF7 (Disc 2).cue', 'game', true],
      ['roms/psx/Final Fantasy VII (USA)/Manuals/manual.pdf', 'manual', false],
      ['roms/psx/Final Fantasy VII (USA)/dlc/Extra.bin', 'dlc', false],
      ['roms/psx/Final Fantasy VII (USA)/other/readme.md', null, false],
    ]);
    // The ROM hash covers its top-level files, in order.
    expect(ff7).toMatchObject({
      md5_hash: hashesOf('bin1cue1cue2').md5,
      sha1_hash: hashesOf('bin1cue1cue2').sha1,
      crc_hash: hashesOf('bin1cue1cue2').crc,
    });
    expect(ff7.files[4]).toMatchObject({
      md5_hash: hashesOf('dlc').md5,
      crc_hash: hashesOf('dlc').crc,
    });
    const nested = await getJson<DetailedRom>(app, session, `/api/roms/${page.items[1]?.id ?? 0}`);
    expect(nested).toMatchObject({
      has_nested_single_file: true,
      sha1_hash: hashesOf('nested').sha1,
    });

    const snesPage = await getJson<RomListPage>(
      app,
      session,
      `/api/roms?platform_id=${snes?.id ?? 0}`,
    );
    expect(snesPage.items.map((rom) => rom.name)).toEqual([
      'The Legend of Zelda',
      'Packed',
      'Super Mario World',
    ]);
    const zelda = snesPage.items[0];
    expect(zelda).toMatchObject({
      fs_name_no_tags: 'The Legend of Zelda',
      fs_extension: 'sfc',
      regions: ['Europe'],
      languages: ['English', 'French', 'German'],
      revision: '1',
      has_simple_single_file: true,
      name_sort_key: 'legend of zelda',
      md5_hash: hashesOf('zelda').md5,
      files: [],
    });
    const packed = await getJson<DetailedRom>(
      app,
      session,
      `/api/roms/${snesPage.items[1]?.id ?? 0}`,
    );
    expect(packed.md5_hash).toBe(hashesOf(zip).md5);
    expect(packed.files[0]?.archive_members).toEqual([
      {
        name: 'game.sfc',
        size: 10,
        crc_hash: hashesOf('zipped rom').crc,
        md5_hash: null,
        sha1_hash: null,
      },
      {
        name: 'docs/readme.txt',
        size: 5,
        crc_hash: hashesOf('hello').crc,
        md5_hash: null,
        sha1_hash: null,
      },
    ]);

    const gb = platforms.find((platform) => platform.fs_slug === 'gb');
    const gbPage = await getJson<RomListPage>(app, session, `/api/roms?platform_id=${gb?.id ?? 0}`);
    expect(gbPage.items.map((rom) => rom.fs_name)).toEqual([
      'Pokémon – Édition Rouge (France).gb',
      '名前 [!] #1 %20 & more.gb',
    ]);
    expect(gbPage.items[1]).toMatchObject({
      tags: ['!'],
      fs_name_no_tags: '名前 [!] #1 %20 & more',
    });
  });

  it('scans the platform-first layout and never treats bios as a platform', async () => {
    const { app, session, library } = await setup();
    writeTree(library, {
      'gba/roms/Advance (USA).gba': 'gba',
      'n64/roms/Sixty Four (USA).z64': 'n64',
      'n64/bios/pif.bin': 'firmware',
      'bios/roms/x.bin': 'not a platform',
      'docs/readme.md': 'no roms folder',
    });
    const stats = await scanLibrary(app, session);
    expect(stats).toMatchObject({ new_platforms: 2, new_roms: 2 });
    const platforms = await getJson<Platform[]>(app, session, '/api/platforms');
    expect(platforms.map((platform) => platform.fs_slug).sort()).toEqual(['gba', 'n64']);
    const page = await getJson<RomListPage>(app, session, '/api/roms');
    expect(page.items.map((rom) => rom.full_path).sort()).toEqual([
      'gba/roms/Advance (USA).gba',
      'n64/roms/Sixty Four (USA).z64',
    ]);
  });

  it('rescans incrementally: nothing hashed when unchanged, changes refreshed, removals flagged', async () => {
    const { app, session, library } = await setup();
    writeTree(library, {
      'roms/nes/A.nes': 'aaa',
      'roms/nes/B.nes': 'bbb',
      'roms/nes/Multi/one.bin': '1',
      'roms/nes/Multi/two.bin': '2',
    });
    const first = await scanLibrary(app, session);
    expect(first).toMatchObject({ new_roms: 3, hashed_files: 4 });

    const again = await scanLibrary(app, session);
    expect(again).toMatchObject({ new_roms: 0, updated_roms: 0, hashed_files: 0, scanned_roms: 3 });

    writeFileSync(path.join(library, 'roms/nes/A.nes'), 'changed');
    utimesSync(path.join(library, 'roms/nes/A.nes'), new Date(), new Date(Date.now() + 5000));
    rmSync(path.join(library, 'roms/nes/B.nes'));
    rmSync(path.join(library, 'roms/nes/Multi/two.bin'));
    const changed = await scanLibrary(app, session);
    // Multi lost a file: its remaining file is unchanged, so only A.nes is read again.
    expect(changed).toMatchObject({ updated_roms: 2, missing_roms: 1, hashed_files: 1 });

    const page = await getJson<RomListPage>(app, session, '/api/roms?with_files=true');
    const byName = new Map(page.items.map((rom) => [rom.fs_name, rom]));
    expect(byName.get('A.nes')).toMatchObject({
      md5_hash: hashesOf('changed').md5,
      missing_from_fs: false,
    });
    expect(byName.get('B.nes')).toMatchObject({ missing_from_fs: true });
    const multi = byName.get('Multi');
    expect(multi).toMatchObject({ has_nested_single_file: true, md5_hash: hashesOf('1').md5 });
    expect(multi?.files.map((file) => [file.file_name, file.missing_from_fs])).toEqual([
      ['one.bin', false],
      ['two.bin', true],
    ]);

    writeFileSync(path.join(library, 'roms/nes/B.nes'), 'bbb');
    const back = await scanLibrary(app, session);
    expect(back).toMatchObject({ updated_roms: 1, hashed_files: 1 });
    const detail = await getJson<DetailedRom>(
      app,
      session,
      `/api/roms/${byName.get('B.nes')?.id ?? 0}`,
    );
    expect(detail.missing_from_fs).toBe(false);

    // Removed platform folder: platform and ROMs flagged, never deleted.
    renameSync(path.join(library, 'roms/nes'), path.join(library, 'roms/.nes-away'));
    await scanLibrary(app, session);
    const platforms = await getJson<Platform[]>(app, session, '/api/platforms');
    expect(platforms).toHaveLength(1);
    expect(platforms[0]).toMatchObject({ missing_from_fs: true, rom_count: 3 });
  });

  it('skips unreadable entries and links leaving the library, logs them and goes on', async () => {
    const { app, session, library } = await setup();
    const outside = makeTempDir('romshelf-outside-');
    writeTree(outside, { 'secret.nes': 'secret', 'dir/inner.nes': 'inner' });
    writeTree(library, { 'roms/nes/Good.nes': 'good', 'roms/nes/Target.nes': 'target' });
    symlinkSync(path.join(outside, 'secret.nes'), path.join(library, 'roms/nes/Escape.nes'));
    symlinkSync(path.join(outside, 'dir'), path.join(library, 'roms/nes/EscapeDir'));
    symlinkSync(
      path.join(library, 'roms/nes/Target.nes'),
      path.join(library, 'roms/nes/Inside.nes'),
    );
    symlinkSync(path.join(library, 'missing.nes'), path.join(library, 'roms/nes/Dangling.nes'));
    execFileSync('mkfifo', [path.join(library, 'roms/nes/Pipe.nes')]);
    const warn = vi.spyOn(app.log, 'warn');

    const stats = await scanLibrary(app, session);
    expect(stats).toMatchObject({ new_roms: 3, skipped_files: 4 });
    const page = await getJson<RomListPage>(app, session, '/api/roms');
    expect(page.items.map((rom) => rom.fs_name).sort()).toEqual([
      'Good.nes',
      'Inside.nes',
      'Target.nes',
    ]);
    const messages = warn.mock.calls.map((call) => String(call[1]));
    expect(
      messages.some((text) => text.includes('Escape.nes') && text.includes('outside the library')),
    ).toBe(true);
    expect(
      messages.some((text) => text.includes('EscapeDir') && text.includes('outside the library')),
    ).toBe(true);
    expect(messages.some((text) => text.includes('Dangling.nes'))).toBe(true);
    expect(messages.some((text) => text.includes('Pipe.nes'))).toBe(true);
  });

  it('honours skip_hash_calculation and the scan types', async () => {
    const { app, session, library, dataDir } = await setup();
    writeFileSync(
      path.join(dataDir, 'config', 'config.yml'),
      'filesystem:\n  skip_hash_calculation: true\n',
    );
    writeTree(library, { 'roms/nes/A.nes': 'a', 'roms/nes/B.nes': 'b' });
    const skipped = await scanLibrary(app, session);
    expect(skipped).toMatchObject({ new_roms: 2, hashed_files: 0 });
    const page = await getJson<RomListPage>(app, session, '/api/roms');
    expect(page.items[0]).toMatchObject({ md5_hash: null, sha1_hash: null, crc_hash: null });

    writeFileSync(path.join(dataDir, 'config', 'config.yml'), '{}\n');
    const hashes = await scanLibrary(app, session, { type: 'hashes' });
    expect(hashes).toMatchObject({ new_roms: 0, updated_roms: 2, hashed_files: 2 });
    const hashed = await getJson<RomListPage>(app, session, '/api/roms');
    expect(hashed.items[0]?.md5_hash).toBe(hashesOf('a').md5);

    writeTree(library, { 'roms/snes/C.sfc': 'c', 'roms/nes/New.nes': 'new' });
    const newPlatforms = await scanLibrary(app, session, { type: 'new_platforms' });
    expect(newPlatforms).toMatchObject({ total_platforms: 1, new_platforms: 1, new_roms: 1 });

    const complete = await scanLibrary(app, session, { type: 'complete', apis: ['igdb'] });
    expect(complete).toMatchObject({ new_roms: 1, updated_roms: 3, hashed_files: 4 });

    const nes = (await getJson<Platform[]>(app, session, '/api/platforms')).find(
      (platform) => platform.fs_slug === 'nes',
    );
    writeTree(library, { 'roms/nes/Newer.nes': 'newer', 'roms/snes/D.sfc': 'd' });
    const onePlatform = await scanLibrary(app, session, { platforms: [nes?.id ?? 0] });
    expect(onePlatform).toMatchObject({ total_platforms: 1, new_roms: 1 });
  });
});
