import type { RomListPage, SimpleRom } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { buildTestApp, createFirstAdmin, login } from '../../../../test/build-test-app.js';
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
});
