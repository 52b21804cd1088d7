import type { Firmware, Platform, RomListPage, Save, State } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser, bearer, passwordTokens } from '../../../test/accounts.js';
import { basic, buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { listenOnce, scanLibrary, writeTree } from '../../../test/library-fixtures.js';

/**
 * The calls a RomM app makes that signs in with a username and password (HTTP Basic, as
 * DeckyRommSync and RetroArch Sync do, or a password-grant token): version check, platforms, the
 * ROM list, a download, BIOS files, and a save pushed to a slot, listed and fetched back.
 */
describe('a RomM 5 app signing in with a password', () => {
  it('walks heartbeat, platforms, ROMs, download, firmware, saves and states', async () => {
    const { app, config } = await buildTestApp();
    await createFirstAdmin(app);
    const player = await addUser(app, 'player', 'viewer');
    writeTree(config.libraryDir, {
      'roms/gba/Game (USA).gba': 'gba-game',
      'bios/gba/gba_bios.bin': Buffer.alloc(32, 9),
    });
    await scanLibrary(app, await login(app));
    const baseUrl = await listenOnce(app);
    const tokens = await passwordTokens(app, player);

    for (const authorization of [
      basic(player.username, player.password),
      bearer(tokens.access_token),
    ]) {
      const call = (url: string, init: RequestInit = {}) =>
        fetch(`${baseUrl}${url}`, { ...init, headers: { authorization } });
      const json = async <T>(url: string, init: RequestInit = {}) => {
        const response = await call(url, init);
        expect(response.status, url).toBe(200);
        return (await response.json()) as T;
      };

      // Apps read a major version below 5 as a pre-5.0 server.
      const heartbeat = await json<{ SYSTEM: { VERSION: string } }>('/api/heartbeat');
      expect(Number(heartbeat.SYSTEM.VERSION.split('.')[0])).toBeGreaterThanOrEqual(5);
      const platforms = await json<Platform[]>('/api/platforms');
      expect(platforms.map((platform) => platform.slug)).toEqual(['gba']);
      const page = await json<RomListPage>(
        `/api/roms?platform_ids=${platforms[0]?.id}&limit=500&offset=0`,
      );
      const rom = page.items[0];
      expect(rom?.fs_name).toBe('Game (USA).gba');
      const download = await call(`/api/roms/${rom?.id}/content/output.zip`);
      expect(download.status).toBe(200);
      const firmware = await json<Firmware[]>(`/api/firmware?platform_id=${platforms[0]?.id}`);
      expect(firmware.map((file) => file.full_path)).toEqual(['bios/gba/gba_bios.bin']);
      const bios = await call(`/api/firmware/${firmware[0]?.id}/content/gba_bios.bin`);
      expect(Buffer.from(await bios.arrayBuffer()).equals(Buffer.alloc(32, 9))).toBe(true);

      const form = new FormData();
      form.append('saveFile', new Blob([Buffer.from(authorization)]), 'Game (USA).srm');
      const save = await json<Save>(
        `/api/saves?rom_id=${rom?.id}&emulator=mgba&slot=autosave&autocleanup=true&autocleanup_limit=3`,
        { method: 'POST', body: form },
      );
      expect(save.slot).toBe('autosave');
      const slot = await json<Save[]>(`/api/saves?rom_id=${rom?.id}&slot=autosave`);
      expect(slot.map((item) => item.id)).toContain(save.id);
      const back = await call(save.download_path);
      expect(await back.text()).toBe(authorization);
      const stateForm = new FormData();
      stateForm.append('stateFile', new Blob([Buffer.from('state')]), 'Game (USA).state');
      const state = await json<State>(`/api/states?rom_id=${rom?.id}&emulator=mgba`, {
        method: 'POST',
        body: stateForm,
      });
      expect(state.file_name).toBe('Game (USA).state');
    }
  });
});
