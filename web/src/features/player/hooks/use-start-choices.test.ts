import type { Firmware, Save, State } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { defaultBiosId, defaultStart, initialCore, startSettled } from './use-start-choices';

const firmware = (id: number) => ({ id }) as Firmware;
const state = { id: 3 } as State;
const save = (id: number) => ({ id }) as Save;

describe('initialCore', () => {
  it('keeps the remembered core while the platform still offers it', () => {
    expect(initialCore('snes9x', ['bsnes', 'snes9x'])).toBe('snes9x');
    expect(initialCore('gone', ['bsnes', 'snes9x'])).toBe('bsnes');
    expect(initialCore(null, ['bsnes'])).toBe('bsnes');
    expect(initialCore(null, [])).toBe('');
  });
});

describe('defaultBiosId', () => {
  it('keeps a chosen BIOS that is present, else takes the only one, else none', () => {
    expect(defaultBiosId([firmware(1), firmware(2)], '2')).toBe('2');
    expect(defaultBiosId([firmware(1), firmware(2)], '9')).toBe('');
    expect(defaultBiosId([firmware(5)], '9')).toBe('5');
    expect(defaultBiosId([firmware(5)], '')).toBe('5');
    expect(defaultBiosId([], null)).toBe('');
  });
});

describe('defaultStart', () => {
  it("follows the player's pick", () => {
    expect(defaultStart({ type: 'fresh' }, [state], [save(4)])).toEqual({ type: 'fresh' });
  });

  it('starts from the latest state, else the latest save, else fresh', () => {
    expect(defaultStart(null, [state], [save(4)])).toEqual({ type: 'latest-state' });
    expect(defaultStart(null, [], [save(4), save(2)])).toEqual({ type: 'save', id: 4 });
    expect(defaultStart(null, [], [])).toEqual({ type: 'fresh' });
  });
});

describe('startSettled', () => {
  const loaded = { firmware: false, states: false, saves: false };

  it('waits for the firmware, states and saves the defaults are chosen from', () => {
    expect(startSettled(loaded, false)).toBe(true);
    expect(startSettled({ ...loaded, saves: true }, false)).toBe(false);
    expect(startSettled({ ...loaded, states: true }, false)).toBe(false);
    expect(startSettled({ ...loaded, firmware: true }, false)).toBe(false);
  });

  it('waits only for the firmware for a kiosk visitor, who has no states or saves', () => {
    expect(startSettled({ firmware: false, states: true, saves: true }, true)).toBe(true);
    expect(startSettled({ firmware: true, states: false, saves: false }, true)).toBe(false);
  });
});
