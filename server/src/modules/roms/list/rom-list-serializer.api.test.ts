import type { RomListPage, SimpleRom } from '@romshelf/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../../test/library-fixtures.js';

describe('GET /api/roms serialised from its schema', () => {
  it('answers each item exactly as GET /api/roms/{id}/simple does', async () => {
    const { app, config } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    writeTree(config.libraryDir, {
      'roms/nes/Kirby\'s "Dream" Land (USA).nes': 'one',
      'roms/nes/Pokémon 💾 (Japan) (Rev 1).nes': 'two',
      'roms/psx/Game (USA)/Game (Disc 1).cue': 'cue',
      'roms/psx/Game (USA)/Game (Disc 1).bin': 'bin',
    });
    await scanLibrary(app, session);
    const get = (url: string) => app.inject({ url, headers: { cookie: session.cookie } });
    const listed = (await get('/api/roms?with_files=true')).json<RomListPage>();
    expect(listed.items).toHaveLength(3);
    const [first] = listed.items;
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/roms/${first?.id}/props`,
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
      payload: { data: { is_favorite: true, rating: 7, status: 'now_playing' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const page = (await get('/api/roms?with_files=true')).json<RomListPage>();
    expect(page.items[0]?.rom_user).toMatchObject({ is_favorite: true, rating: 7 });
    for (const item of page.items) {
      const simple = (await get(`/api/roms/${item.id}/simple`)).json<SimpleRom>();
      expect(item).toStrictEqual({ ...simple, files: item.files });
      expect(item.files.length).toBeGreaterThan(0);
    }
    expect(page.char_index).toEqual({ g: 0, k: 1, p: 2 });
  });

  it('follows edits to a listed ROM and to its platform (its JSON is kept between requests)', async () => {
    const { app, config } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    writeTree(config.libraryDir, {
      'roms/nes/Alpha (USA).nes': 'a',
      'roms/nes/Beta (USA).nes': 'b',
    });
    await scanLibrary(app, session);
    const headers = { cookie: session.cookie, 'x-csrftoken': session.csrf };
    const listed = async () =>
      (await app.inject({ url: '/api/roms', headers })).json<RomListPage>().items;
    const [alpha] = await listed();
    expect(alpha).toMatchObject({
      name: 'Alpha',
      platform_display_name: 'Nintendo Entertainment System',
    });

    const boundary = 'romshelf-test-boundary';
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/roms/${String(alpha?.id)}`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAardvark\r\n--${boundary}--\r\n`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await listed()).map((item) => item.name)).toEqual(['Aardvark', 'Beta']);

    const platform = await app.inject({
      method: 'PUT',
      url: `/api/platforms/${String(alpha?.platform_id)}`,
      headers,
      payload: { custom_name: 'Family Computer' },
    });
    expect(platform.statusCode, platform.body).toBe(200);
    expect((await listed()).map((item) => item.platform_display_name)).toEqual([
      'Family Computer',
      'Family Computer',
    ]);
  });

  it('writes identified ROMs, their stored metadata and artwork as GET /api/roms/{id}/simple does', async () => {
    const { app, config, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    writeTree(config.libraryDir, {
      'roms/snes/Zelda (USA, Europe) (En,Fr).sfc': 'z',
      'roms/snes/Metroid (Japan) (Rev 1).sfc': 'm',
    });
    await scanLibrary(app, session);
    const db = await openTestDatabase(dataDir);
    const metadataResults = JSON.stringify({
      igdb: { raw: { id: 1022, rating: 85.5, name: 'Zelda "A Link"' } },
      hasheous: { raw: { redump_match: true } },
    });
    const metadatum = JSON.stringify({
      genres: ['Adventure', 'RPG'],
      player_count: '1-2',
      first_release_date: 712_540_800_000,
      average_rating: 88.25,
    });
    // Stored before the first list: the list reads the rows afresh.
    await sql`UPDATE rom SET igdb_id = 1022, hasheous_id = 4, summary = ${'A "quest"\nline'},
        metadata_results = ${metadataResults}, metadatum = ${metadatum},
        alternative_names = '["The Legend of Zelda"]', youtube_video_id = 'yt1',
        path_screenshots = '["roms/1/1/screenshots/0.jpg"]', url_cover = 'https://example.com/c.jpg',
        cover_updated_at = '2026-11-29T10:30:00.000+00:00', manual_updated_at = updated_at
      WHERE fs_name LIKE 'Zelda%'`.execute(db);
    await db.destroy();
    const get = (url: string) => app.inject({ url, headers: { cookie: session.cookie } });
    const page = (await get('/api/roms?with_files=true')).json<RomListPage>();
    expect(page.items.map((item) => [item.name, item.is_identified])).toEqual([
      ['Metroid', false],
      ['Zelda', true],
    ]);
    expect(page.items[1]?.metadatum.genres).toEqual(['Adventure', 'RPG']);
    for (const item of page.items) {
      expect(item).toStrictEqual((await get(`/api/roms/${item.id}/simple`)).json<SimpleRom>());
    }
  });

  it('writes odd stored values, every metadata source and unreadable stored JSON as GET /api/roms/{id}/simple does', async () => {
    const { app, config, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    writeTree(config.libraryDir, {
      'roms/snes/Alpha (USA).sfc': 'a',
      'roms/snes/Beta (Europe).sfc': 'b',
      'roms/snes/Gamma (Japan).sfc': 'g',
    });
    await scanLibrary(app, session);
    const db = await openTestDatabase(dataDir);
    const metadataResults = JSON.stringify({
      igdb: { raw: { id: 1, name: 'Tab\there "q" \\ é 🎮' } },
      moby: { raw: { moby_score: 7.5 } },
      ss: { raw: { list: [1, 'two', null] } },
      ra: { raw: { achievements: [] } },
      launchbox: { normalised: true },
      hasheous: { raw: null },
    });
    await sql`UPDATE rom SET name = ${'Ünïcode "Q" \\ 🎮 \u0001\n'}, slug = 'alpha',
        summary = ${'Line\ttab </script>'}, igdb_id = 1, sgdb_id = 2, moby_id = 3, ss_id = 4,
        ra_id = 5, launchbox_id = 6, hasheous_id = 7, tgdb_id = 8, hltb_id = 9, revision = 'B',
        md5_hash = 'ab', sha1_hash = 'cd', ra_hash = 'ef', missing_from_fs = 1,
        regions = '["USA", "Europe"]', languages = '["En"]', tags = '["Rev B"]',
        metadata_results = ${metadataResults}, metadatum = '{"genres":["Action"],"player_count":null}',
        alternative_names = '["Ä", "b"]', youtube_video_id = 'yt',
        path_screenshots = '["roms/1/1/screenshots/0.jpg", "x y.png"]',
        url_cover = 'https://example.com/c.jpg?a=1&b="2"', url_manual = 'https://example.com/m.pdf',
        cover_updated_at = '2026-11-29T10:30:00.000+01:00', manual_updated_at = updated_at
      WHERE fs_name LIKE 'Alpha%'`.execute(db);
    await sql`UPDATE rom SET name = NULL, hasheous_id = 4, regions = '[1, true]',
        languages = '{"not":"a list"}', tags = '"text"', metadatum = '[]',
        metadata_results = '{"hasheous":{"raw":null}}', alternative_names = 'null',
        path_screenshots = 'not json'
      WHERE fs_name LIKE 'Beta%'`.execute(db);
    // Stored metadata of a ROM no source matched is not shown.
    await sql`UPDATE rom SET metadatum = '{"genres":["Hidden"]}', alternative_names = '["Hidden"]',
        youtube_video_id = 'hidden', path_screenshots = '["hidden.png"]'
      WHERE fs_name LIKE 'Gamma%'`.execute(db);
    await sql`UPDATE platform SET custom_name = ${'Süper "NES" 🎮'}`.execute(db);
    await db.destroy();
    const get = (url: string) => app.inject({ url, headers: { cookie: session.cookie } });
    const page = (await get('/api/roms?with_files=true')).json<RomListPage>();
    expect(page.items.map((item) => [item.fs_name, item.is_identified, item.regions])).toEqual([
      ['Alpha (USA).sfc', true, ['USA', 'Europe']],
      ['Beta (Europe).sfc', true, ['1', 'true']],
      ['Gamma (Japan).sfc', false, ['Japan']],
    ]);
    for (const item of page.items) {
      expect(item).toStrictEqual((await get(`/api/roms/${item.id}/simple`)).json<SimpleRom>());
    }
  });

  it("shows the caller's notes, favourites and ratings written after a list was read", async () => {
    const { app, config } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    writeTree(config.libraryDir, {
      'roms/nes/Alpha (USA).nes': 'a',
      'roms/nes/Beta (USA).nes': 'b',
    });
    await scanLibrary(app, session);
    const headers = { cookie: session.cookie, 'x-csrftoken': session.csrf };
    const personal = async () =>
      (await app.inject({ url: '/api/roms', headers }))
        .json<RomListPage>()
        .items.map((item) => [
          item.name,
          item.has_notes,
          item.rom_user.is_favorite,
          item.rom_user.rating,
        ]);
    expect(await personal()).toEqual([
      ['Alpha', false, false, 0],
      ['Beta', false, false, 0],
    ]);
    const [alphaId, betaId] = (await app.inject({ url: '/api/roms', headers }))
      .json<RomListPage>()
      .items.map((item) => item.id);

    const note = await app.inject({
      method: 'POST',
      url: `/api/roms/${String(alphaId)}/notes`,
      headers,
      payload: { title: 'Tip', content: 'Go left' },
    });
    expect(note.statusCode, note.body).toBe(200);
    const props = (data: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: `/api/roms/${String(betaId)}/props`,
        headers,
        payload: { data },
      });
    // Each kind alone: a note, a favourite, a rating each tell the list to read its kind again.
    expect(await personal()).toEqual([
      ['Alpha', true, false, 0],
      ['Beta', false, false, 0],
    ]);
    expect((await props({ is_favorite: true })).statusCode).toBe(200);
    expect(await personal()).toEqual([
      ['Alpha', true, false, 0],
      ['Beta', false, true, 0],
    ]);
    expect((await props({ rating: 7 })).statusCode).toBe(200);
    expect(await personal()).toEqual([
      ['Alpha', true, false, 0],
      ['Beta', false, true, 7],
    ]);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/roms/${String(alphaId)}/notes/${String(note.json<{ id: number }>().id)}`,
      headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await props({ is_favorite: false })).statusCode).toBe(200);
    expect(await personal()).toEqual([
      ['Alpha', false, false, 0],
      ['Beta', false, false, 7],
    ]);
  });
});
