import type { Platform, ScanStats } from '@romshelf/contract';
import { SCAN_STATS_INTERVAL_MS } from '@romshelf/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import type { ReceivedEvent } from '../../../test/library-fixtures.js';
import {
  connectSocket,
  eventsBeforeMarker,
  nextTerminal,
  recordScanEvents,
  writeTree,
} from '../../../test/library-fixtures.js';

async function setup(files: Record<string, string>) {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const admin = await login(test.app);
  writeTree(test.config.libraryDir, files);
  return { ...test, admin };
}

function bigLibrary(platforms: number, perPlatform: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let p = 0; p < platforms; p += 1) {
    for (let r = 0; r < perPlatform; r += 1)
      files[`roms/plat${p}/Game ${r} (USA).bin`] = `${p}-${r}`;
  }
  return files;
}

/**
 * The events received until a stats update still pending at the terminal event would have been
 * sent (one throttle interval later, by the clock), and delivered (a marker's round trip).
 */
async function eventsAfterThrottle(
  socket: Awaited<ReturnType<typeof connectSocket>>,
  events: ReceivedEvent[],
  terminal: ReceivedEvent,
): Promise<ReceivedEvent[]> {
  await expect
    .poll(() => Date.now() - terminal.at, { timeout: 10_000, interval: 20 })
    .toBeGreaterThan(SCAN_STATS_INTERVAL_MS);
  return eventsBeforeMarker(socket, events);
}

describe('scan over socket.io', () => {
  it('emits platform, ROM and stats events in order, then exactly one scan:done', async () => {
    const { app, admin } = await setup({
      'roms/nes/Alpha (USA).nes': 'a',
      'roms/nes/Beta (Europe).nes': 'b',
      'roms/snes/Gamma (Japan).sfc': 'c',
    });
    const socket = await connectSocket(app, admin);
    const events = recordScanEvents(socket);
    const terminal = nextTerminal(socket);
    socket.emit('scan', { platforms: [], type: 'quick', apis: ['igdb'] });
    const received = await eventsAfterThrottle(socket, events, await terminal);

    const names = received.map((event) => event.name);
    expect(names.at(-1)).toBe('scan:done');
    expect(names.filter((name) => name === 'scan:done' || name === 'scan:done_ko')).toHaveLength(1);
    const platformEvents = received.filter((event) => event.name === 'scan:scanning_platform');
    expect(platformEvents.map((event) => (event.payload as { fs_slug: string }).fs_slug)).toEqual([
      'nes',
      'snes',
    ]);
    expect(Object.keys(platformEvents[0]?.payload as object).sort()).toEqual([
      'display_name',
      'fs_slug',
      'id',
      'is_identified',
      'name',
      'new_firmware_count',
      'slug',
    ]);
    const sequence = events
      .filter((event) => event.name.startsWith('scan:scanning'))
      .map((event) =>
        event.name === 'scan:scanning_platform'
          ? `platform:${(event.payload as { fs_slug: string }).fs_slug}`
          : `rom:${(event.payload as { platform_fs_slug: string; fs_name: string }).platform_fs_slug}/${(event.payload as { fs_name: string }).fs_name}`,
      );
    expect(sequence).toEqual([
      'platform:nes',
      'rom:nes/Alpha (USA).nes',
      'rom:nes/Beta (Europe).nes',
      'platform:snes',
      'rom:snes/Gamma (Japan).sfc',
    ]);
    const rom = received.find((event) => event.name === 'scan:scanning_rom')?.payload as Record<
      string,
      unknown
    >;
    expect(rom).toMatchObject({ name: 'Alpha', regions: ['USA'], platform_slug: 'nes' });
    expect(rom).not.toHaveProperty('created_at');
    expect(rom).not.toHaveProperty('files');
    const done = received.at(-1)?.payload as ScanStats;
    expect(done).toMatchObject({
      total_platforms: 2,
      scanned_platforms: 2,
      new_platforms: 2,
      total_roms: 3,
      scanned_roms: 3,
      new_roms: 3,
      scanned_firmware: 0,
      new_firmware: 0,
    });
  });

  it('refuses users without platforms.write and keeps them out of the progress', async () => {
    const { app, admin } = await setup({ 'roms/nes/Alpha.nes': 'a' });
    await addUser(app, 'viewer', 'viewer');
    const viewer = await login(app, 'viewer', 'viewer-pass');
    const viewerSocket = await connectSocket(app, viewer);
    const viewerEvents = recordScanEvents(viewerSocket);
    const refused = nextTerminal(viewerSocket);
    viewerSocket.emit('scan', { platforms: [], type: 'quick', apis: [] });
    expect(await refused).toMatchObject({ name: 'scan:done_ko', payload: 'Forbidden' });
    const platforms = await app.inject({
      url: '/api/platforms',
      headers: { cookie: admin.cookie },
    });
    expect(platforms.json<Platform[]>()).toEqual([]);

    const adminSocket = await connectSocket(app, admin);
    const done = nextTerminal(adminSocket);
    adminSocket.emit('scan', {});
    expect((await done).name).toBe('scan:done');
    viewerSocket.emit('scan:stop');
    const received = await eventsBeforeMarker(viewerSocket, viewerEvents);
    expect(received.map((event) => event.name)).toEqual(['scan:done_ko']);
  });

  it('throttles stats, refuses a second scan while one runs, and stops on request', async () => {
    const { app, admin } = await setup(bigLibrary(6, 500));
    await addUser(app, 'editor', 'editor');
    const editor = await login(app, 'editor', 'editor-pass');
    const adminSocket = await connectSocket(app, admin);
    const editorSocket = await connectSocket(app, editor);
    const events = recordScanEvents(adminSocket);

    const done = nextTerminal(adminSocket, 60_000);
    const startedAt = Date.now();
    adminSocket.emit('scan', { platforms: [], type: 'quick', apis: [] });
    await new Promise((resolve) => adminSocket.once('scan:scanning_platform', resolve));
    const refused = nextTerminal(editorSocket);
    editorSocket.emit('scan', { platforms: [], type: 'quick', apis: [] });
    expect(await refused).toMatchObject({
      name: 'scan:done_ko',
      payload: 'A scan is already in progress',
    });
    const finished = await done;
    expect(finished.name).toBe('scan:done');
    expect(finished.payload).toMatchObject({ new_roms: 3000, scanned_platforms: 6 });
    // Updates are sent at least 250 ms apart (200 leaves room for timer rounding), besides the
    // one flushed before each platform, all between the request and scan:done, so that span
    // bounds their number (unthrottled, 3000 ROMs send 3000+). Arrival gaps are not compared:
    // a busy machine delivers messages in bunches.
    const updates = events.filter((event) => event.name === 'scan:update_stats');
    expect(updates.length).toBeGreaterThan(1);
    expect(updates.length).toBeLessThanOrEqual(Math.floor((finished.at - startedAt) / 200) + 7);
    // One ROM event per ROM written (RomM's client lists each); the stats count every ROM too.
    const romIds = events
      .filter((event) => event.name === 'scan:scanning_rom')
      .map((event) => (event.payload as { id: number }).id);
    expect(new Set(romIds).size).toBe(3000);
    expect(finished.payload).toEqual({
      total_platforms: 6,
      total_roms: 3000,
      scanned_platforms: 6,
      new_platforms: 6,
      identified_platforms: 0,
      scanned_roms: 3000,
      new_roms: 3000,
      identified_roms: 0,
      scanned_firmware: 0,
      new_firmware: 0,
      updated_roms: 0,
      missing_roms: 0,
      hashed_files: 3000,
      hashed_bytes: Object.values(bigLibrary(6, 500)).join('').length,
      skipped_files: 0,
    });

    // A complete rescan, stopped as soon as it starts: a terminal scan:done with partial stats.
    const stopped = nextTerminal(adminSocket, 60_000);
    adminSocket.emit('scan', { platforms: [], type: 'complete', apis: [] });
    await new Promise((resolve) => adminSocket.once('scan:scanning_platform', resolve));
    editorSocket.emit('scan:stop');
    const result = await stopped;
    expect(result.name).toBe('scan:done');
    expect((result.payload as ScanStats).scanned_platforms).toBeLessThan(6);

    // Nothing is running any more: a new scan starts and finishes with nothing to hash.
    const again = nextTerminal(adminSocket, 60_000);
    adminSocket.emit('scan', {});
    expect((await again).payload).toMatchObject({ hashed_files: 0, new_roms: 0 });
  }, 60_000);

  it('picks up after an interrupted scan: stored ROMs are kept and skipped', async () => {
    const { app, admin } = await setup(bigLibrary(4, 300));
    const socket = await connectSocket(app, admin);
    const stopped = nextTerminal(socket, 60_000);
    socket.emit('scan', { platforms: [], type: 'quick', apis: [] });
    await new Promise((resolve) => socket.once('scan:scanning_platform', resolve));
    socket.emit('scan:stop');
    const partial = (await stopped).payload as ScanStats;
    expect(partial.new_roms).toBeLessThan(1200);

    const resumed = nextTerminal(socket, 60_000);
    socket.emit('scan', { platforms: [], type: 'quick', apis: [] });
    const rest = (await resumed).payload as ScanStats;
    expect(rest.new_roms).toBe(1200 - partial.new_roms);
    expect(rest.hashed_files).toBe(1200 - partial.new_roms);
    const page = await app.inject({ url: '/api/roms?limit=1', headers: { cookie: admin.cookie } });
    expect(page.json<{ total: number }>().total).toBe(1200);
  }, 60_000);

  it('always ends with scan:done_ko when the scan fails', async () => {
    const { app, admin, dataDir } = await setup({ 'roms/nes/Alpha.nes': 'a' });
    const db = await openTestDatabase(dataDir);
    // DAT verdicts refer to files: PostgreSQL drops no table others depend on.
    await sql`DROP TABLE rom_file_dat_match`.execute(db);
    await sql`DROP TABLE rom_file`.execute(db);
    await db.destroy();
    const socket = await connectSocket(app, admin);
    const events = recordScanEvents(socket);
    const terminal = nextTerminal(socket);
    socket.emit('scan', { platforms: [], type: 'quick', apis: [] });
    const result = await terminal;
    expect(result.name).toBe('scan:done_ko');
    expect(String(result.payload)).toMatch(/rom_file/);
    const received = await eventsAfterThrottle(socket, events, result);
    expect(received.filter((event) => event.name.startsWith('scan:done'))).toHaveLength(1);

    // Invalid requests are refused without running anything.
    const invalid = nextTerminal(socket);
    socket.emit('scan', { type: 'everything' });
    expect(await invalid).toMatchObject({ name: 'scan:done_ko', payload: 'Invalid scan request' });
  });
});
