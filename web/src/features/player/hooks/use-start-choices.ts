import type { DetailedRom, Firmware, Save, State } from '@romshelf/contract';
import { getCoresForPlatform } from '@romshelf/contract';
import { useState } from 'react';

import { readSetting, writeSetting } from '@/lib/stores/storage';

import { useFirmwareQuery, useSavesQuery, useStatesQuery } from '../api/play-api';
import type { StartChoice } from '../components/start-options';
import { discKey, listDiscs, pickDisc } from '../discs';
import { useKioskVisitor } from '@/shared/stores/kiosk';

const coreKey = (platform: string) => `player:${platform}:core`;
const biosKey = (platform: string) => `player:${platform}:bios_id`;

/** The core last used for the platform when it is still offered, else the platform's first. */
export function initialCore(remembered: string | null, cores: readonly string[]): string {
  return remembered !== null && cores.includes(remembered) ? remembered : (cores[0] ?? '');
}

/** The BIOS chosen (when still present), else the only one present, else none (''). */
export function defaultBiosId(present: readonly Firmware[], choice: string | null): string {
  if (choice !== null && present.some((file) => String(file.id) === choice)) return choice;
  return present.length === 1 ? String(present[0]?.id) : '';
}

/** How the game starts unless the player picks: the latest state, else the latest save, else fresh. */
export function defaultStart(
  choice: StartChoice | null,
  compatibleStates: readonly State[],
  saves: readonly Save[],
): StartChoice {
  if (choice !== null) return choice;
  if (compatibleStates[0] !== undefined) return { type: 'latest-state' };
  if (saves[0] !== undefined) return { type: 'save', id: saves[0].id };
  return { type: 'fresh' };
}

/**
 * Whether Play may start the game: the firmware, states and saves its defaults are chosen from
 * are no longer loading (a kiosk visitor has no states or saves). Started before, a game with a
 * save would start fresh, its save never read. A read that failed leaves the defaults as they are.
 */
export function startSettled(
  loading: { firmware: boolean; states: boolean; saves: boolean },
  kioskVisitor: boolean,
): boolean {
  return !loading.firmware && (kioskVisitor || (!loading.states && !loading.saves));
}

/**
 * The pre-launch choices of the EmulatorJS player: core, BIOS, disc and how to start, with the
 * last core, BIOS and disc used remembered in this browser.
 */
export function useStartChoices(
  rom: DetailedRom,
  versions?: Readonly<Record<string, string>>,
  initialStart: StartChoice | null = null,
) {
  const cores = getCoresForPlatform(rom.platform_slug, versions);
  const firmwareQuery = useFirmwareQuery(rom.platform_id);
  const statesQuery = useStatesQuery(rom.id);
  const savesQuery = useSavesQuery(rom.id);
  // A kiosk visitor has no saves or states (those answer 401): it starts fresh.
  const kiosk = useKioskVisitor();
  const firmware = firmwareQuery.data ?? [];
  const states = statesQuery.data ?? [];
  const saves = savesQuery.data ?? [];
  const [core, setCore] = useState(() =>
    initialCore(readSetting(coreKey(rom.platform_slug)), cores),
  );
  const [biosChoice, setBiosChoice] = useState(() => readSetting(biosKey(rom.platform_slug)));
  const [discChoice, setDiscChoice] = useState(() => readSetting(discKey(rom.id)));
  const [choice, setChoice] = useState<StartChoice | null>(initialStart);

  const presentFirmware = firmware.filter((file) => !file.missing_from_fs);
  const biosId = defaultBiosId(presentFirmware, biosChoice);
  const discs = listDiscs(rom.files);
  const disc = pickDisc(discs, discChoice);
  const compatibleStates = states.filter(
    (state) => state.emulator === null || state.emulator === core,
  );

  return {
    /** The firmware, states and saves have loaded: the choices are final. */
    loaded:
      firmwareQuery.isSuccess && (kiosk.visitor || (statesQuery.isSuccess && savesQuery.isSuccess)),
    /** Play may start (`startSettled`): the player holds a Play pressed before. */
    settled: startSettled(
      {
        firmware: firmwareQuery.isPending,
        states: statesQuery.isPending,
        saves: savesQuery.isPending,
      },
      kiosk.visitor,
    ),
    cores,
    core,
    setCore,
    presentFirmware,
    biosId,
    setBiosChoice,
    bios: presentFirmware.find((file) => String(file.id) === biosId) ?? null,
    discs,
    disc,
    setDiscChoice,
    states,
    saves,
    compatibleStates,
    start: defaultStart(choice, compatibleStates, saves),
    setStart: setChoice,
    /** Remembers the core, BIOS and disc for the next game of the platform (or this game). */
    remember: () => {
      writeSetting(coreKey(rom.platform_slug), core);
      writeSetting(biosKey(rom.platform_slug), biosId);
      if (disc !== null) writeSetting(discKey(rom.id), String(disc.id));
    },
  };
}

export type StartChoices = ReturnType<typeof useStartChoices>;
