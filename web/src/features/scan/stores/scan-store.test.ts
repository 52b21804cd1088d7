import type { ScanPlatformEvent, ScanRomEvent, ScanStats } from '@romshelf/contract';
import { beforeEach, describe, expect, it } from 'vitest';

import { isScanActive, scanProgress, useScanStore } from './scan-store';

const snes: ScanPlatformEvent = {
  id: 1,
  name: 'Super Nintendo Entertainment System',
  display_name: 'SNES',
  slug: 'snes',
  fs_slug: 'snes',
  is_identified: true,
  new_firmware_count: 0,
};

function rom(id: number, platformId = 1, name = `Game ${String(id)}`): ScanRomEvent {
  return {
    id,
    name,
    fs_name: `${name}.sfc`,
    fs_size_bytes: 1024,
    regions: ['USA'],
    platform_id: platformId,
    platform_display_name: platformId === 1 ? 'SNES' : 'Game Boy',
    platform_slug: platformId === 1 ? 'snes' : 'gb',
    platform_fs_slug: platformId === 1 ? 'snes' : 'gb',
  } as ScanRomEvent;
}

function stats(partial: Partial<ScanStats>): ScanStats {
  return {
    total_platforms: 0,
    total_roms: 0,
    scanned_platforms: 0,
    new_platforms: 0,
    identified_platforms: 0,
    scanned_roms: 0,
    new_roms: 0,
    identified_roms: 0,
    scanned_firmware: 0,
    new_firmware: 0,
    updated_roms: 0,
    missing_roms: 0,
    hashed_files: 0,
    hashed_bytes: 0,
    skipped_files: 0,
    ...partial,
  };
}

describe('scan log store', () => {
  beforeEach(() => useScanStore.getState().clear());

  it('starts empty and clears the previous log on start', () => {
    const store = useScanStore.getState();
    store.start('quick');
    store.platformFound(snes);
    store.done(null);
    useScanStore.getState().start('complete');
    const state = useScanStore.getState();
    expect(state.status).toBe('starting');
    expect(state.type).toBe('complete');
    expect(state.platforms).toEqual([]);
  });

  it('remembers whether the scan looks games up in metadata sources', () => {
    useScanStore.getState().start('quick', true);
    expect(useScanStore.getState().withMetadata).toBe(true);
    useScanStore.getState().start('quick');
    expect(useScanStore.getState().withMetadata).toBe(false);
  });

  it('groups ROMs under their platform, in the order found', () => {
    const store = useScanStore.getState();
    store.start('quick');
    store.platformFound(snes);
    store.romsFound([rom(10), rom(11)]);
    store.romsFound([rom(20, 2)]);
    const state = useScanStore.getState();
    expect(state.status).toBe('running');
    expect(state.platforms.map((platform) => platform.name)).toEqual(['SNES', 'Game Boy']);
    expect(state.platforms[0]?.roms.map((item) => item.id)).toEqual([10, 11]);
    expect(state.platforms[1]?.roms.map((item) => item.id)).toEqual([20]);
  });

  it("counts each platform's written ROMs from the counters, not from the ROM events", () => {
    const store = useScanStore.getState();
    store.start('quick');
    store.platformFound(snes);
    store.romsFound([rom(10)]);
    store.statsUpdated(stats({ new_roms: 300, updated_roms: 20 }));
    store.statsUpdated(stats({ new_roms: 500, updated_roms: 20 }));
    store.platformFound({ ...snes, id: 2, name: 'Game Boy', display_name: 'Game Boy' });
    store.statsUpdated(stats({ new_roms: 507, updated_roms: 20 }));
    store.done(stats({ new_roms: 510, updated_roms: 21 }));
    const platforms = useScanStore.getState().platforms;
    expect(platforms.map((platform) => [platform.written, platform.roms.length])).toEqual([
      [520, 1],
      [11, 0],
    ]);
  });

  it('does not list a platform or a ROM twice', () => {
    const store = useScanStore.getState();
    store.start('quick');
    store.platformFound(snes);
    store.platformFound(snes);
    store.romsFound([rom(10), rom(10)]);
    expect(useScanStore.getState().platforms).toHaveLength(1);
    expect(useScanStore.getState().platforms[0]?.roms).toHaveLength(1);
  });

  it('updates a ROM found again where it is, and keeps every ROM of a big scan', () => {
    const store = useScanStore.getState();
    store.start('quick');
    store.platformFound(snes);
    const ids = Array.from({ length: 5000 }, (_value, index) => index + 1);
    for (let at = 0; at < ids.length; at += 500) {
      store.romsFound(ids.slice(at, at + 500).map((id) => rom(id)));
    }
    store.romsFound([rom(2, 1, 'Identified Two')]);
    const roms = useScanStore.getState().platforms[0]?.roms ?? [];
    expect(roms.map((item) => item.id)).toEqual(ids);
    expect(roms[1]?.name).toBe('Identified Two');
  });

  it('keeps the latest stats and the final ones', () => {
    const store = useScanStore.getState();
    const finishedBefore = store.finishedCount;
    store.start('quick');
    store.statsUpdated(stats({ total_roms: 4, scanned_roms: 1 }));
    expect(scanProgress(useScanStore.getState().stats)).toBe(0.25);
    store.done(stats({ total_roms: 4, scanned_roms: 4, new_roms: 4 }));
    const state = useScanStore.getState();
    expect(state.status).toBe('done');
    expect(state.stats?.new_roms).toBe(4);
    expect(state.finishedCount).toBe(finishedBefore + 1);
    expect(isScanActive(state.status)).toBe(false);
  });

  it('records the reason of a failed scan', () => {
    useScanStore.getState().start('quick');
    useScanStore.getState().failed('A scan is already in progress');
    expect(useScanStore.getState().status).toBe('failed');
    expect(useScanStore.getState().error).toBe('A scan is already in progress');
  });

  it('follows a scan started elsewhere', () => {
    useScanStore.getState().statsUpdated(stats({ total_roms: 2 }));
    expect(useScanStore.getState().status).toBe('running');
  });

  it('marks a stop request only while a scan runs', () => {
    useScanStore.getState().stopRequested();
    expect(useScanStore.getState().status).toBe('idle');
    useScanStore.getState().start('quick');
    useScanStore.getState().stopRequested();
    useScanStore.getState().statsUpdated(stats({}));
    expect(useScanStore.getState().status).toBe('stopping');
  });

  it('has no progress without a total', () => {
    expect(scanProgress(null)).toBeNull();
    expect(scanProgress(stats({ total_roms: 0 }))).toBeNull();
  });
});
