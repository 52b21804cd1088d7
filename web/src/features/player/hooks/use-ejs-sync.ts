import type { DetailedRom, Save, State } from '@romshelf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';

import {
  downloadAsset,
  fetchStates,
  playKeys,
  sendSaveBeacon,
  uploadSave,
  uploadState,
} from '../api/play-api';
import { applySaveFile, currentEmulator, timestampedStem } from '../emulatorjs';
import type { EjsGameManager } from '../emulatorjs';

function pngBlob(bytes: Uint8Array | null): Blob | null {
  return bytes === null || bytes.length === 0
    ? null
    : new Blob([bytes as BlobPart], { type: 'image/png' });
}

/** The core's screenshot; null when it fails or does not come within 3 s (a paused core). */
export async function screenshotOf(gameManager: EjsGameManager): Promise<Blob | null> {
  try {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000));
    return pngBlob(await Promise.race([gameManager.screenshot(), timeout]));
  } catch {
    return null;
  }
}

/** What EmulatorJS's save/load buttons call. */
export interface EjsSyncHandlers {
  saveState: () => Promise<void>;
  loadState: () => Promise<void>;
  saveSave: () => Promise<void>;
  loadSave: () => Promise<void>;
}

/**
 * Saves and states between the running core and the server: the handlers behind EmulatorJS's
 * own save/load buttons (kept current through a ref, as EmulatorJS keeps the callbacks it was
 * booted with), the uploads "save and quit" makes, and the status line that reports them.
 */
export function useEjsSync({
  rom,
  core,
  states,
  saves,
}: {
  rom: DetailedRom;
  core: string;
  states: readonly State[];
  saves: readonly Save[];
}) {
  const { t } = useTranslation('play');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');

  const say = (message: string) => {
    setStatus(message);
    currentEmulator()?.displayMessage(message, 3000);
  };
  const refreshAssets = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: playKeys.states(rom.id) }),
      queryClient.invalidateQueries({ queryKey: playKeys.saves(rom.id) }),
    ]);
  const stateName = () => `${timestampedStem(rom.fs_name_no_ext)}.state`;
  const saveName = (gameManager: EjsGameManager) =>
    gameManager.getSaveFilePath().split('/').pop() || `${rom.fs_name_no_ext}.srm`;

  const pushState = async (gameManager: EjsGameManager, shot?: Blob | null) => {
    const screenshot = shot === undefined ? await screenshotOf(gameManager) : shot;
    const data = gameManager.getState();
    if (data.length === 0) throw new Error(t('status.empty'));
    await uploadState(rom.id, core, stateName(), data, screenshot);
  };
  const pushSave = async (gameManager: EjsGameManager, shot?: Blob | null): Promise<boolean> => {
    const data = gameManager.getSaveFile();
    if (data === null || data.length === 0) return false;
    const screenshot = shot === undefined ? await screenshotOf(gameManager) : shot;
    await uploadSave(rom.id, core, saveName(gameManager), data, screenshot);
    return true;
  };

  const handlers = useRef<EjsSyncHandlers>({
    saveState: async () => {},
    loadState: async () => {},
    saveSave: async () => {},
    loadSave: async () => {},
  });
  // Updated after each render so EmulatorJS's callbacks see the latest values.
  useEffect(() => {
    handlers.current = {
      saveState: async () => {
        const gameManager = currentEmulator()?.gameManager;
        if (gameManager === undefined) return;
        try {
          await pushState(gameManager);
          await refreshAssets();
          say(t('status.state-saved'));
        } catch (error) {
          say(t('status.sync-failed', { error: errorMessage(error) }));
        }
      },
      loadState: async () => {
        const gameManager = currentEmulator()?.gameManager;
        let latest: readonly State[] = [];
        try {
          latest = await fetchStates(rom.id);
        } catch {
          latest = states;
        }
        const state = latest.find((item) => item.emulator === null || item.emulator === core);
        if (gameManager === undefined || state === undefined) {
          say(t('status.no-state'));
          return;
        }
        try {
          gameManager.loadState(await downloadAsset(state.download_path));
          say(t('status.state-loaded'));
        } catch (error) {
          say(t('status.sync-failed', { error: errorMessage(error) }));
        }
      },
      saveSave: async () => {
        const gameManager = currentEmulator()?.gameManager;
        if (gameManager === undefined) return;
        try {
          say((await pushSave(gameManager)) ? t('status.save-saved') : t('status.no-save-data'));
          await refreshAssets();
        } catch (error) {
          say(t('status.sync-failed', { error: errorMessage(error) }));
        }
      },
      loadSave: async () => {
        const gameManager = currentEmulator()?.gameManager;
        const save = saves[0];
        if (gameManager === undefined || save === undefined) {
          say(t('status.no-save'));
          return;
        }
        try {
          applySaveFile(gameManager, await downloadAsset(save.download_path));
          say(t('status.save-loaded'));
        } catch (error) {
          say(t('status.sync-failed', { error: errorMessage(error) }));
        }
      },
    };
  });

  /** The save file by beacon as the tab is hidden or closed (nothing when it has none). */
  const beaconSave = (token: string) => {
    const gameManager = currentEmulator()?.gameManager;
    const data = gameManager?.getSaveFile() ?? null;
    if (gameManager === undefined || data === null || data.length === 0) return;
    sendSaveBeacon(token, core, saveName(gameManager), data);
  };

  return { status, say, handlers, pushState, pushSave, beaconSave };
}

export type EjsSync = ReturnType<typeof useEjsSync>;
