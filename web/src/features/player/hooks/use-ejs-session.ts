import type { DetailedRom } from '@romshelf/contract';
import { coreNeedsSharedArrayBuffer } from '@romshelf/contract';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { gameTitle } from '@/components/game-cover';
import { errorMessage } from '@/lib/api-client';
import { romContentUrl } from '@/lib/download';

import { downloadAsset, fetchRomFileText, markPlayed } from '../api/play-api';
import { discFileIds, discGameUrl } from '../discs';
import type { EjsNetplayOptions } from '../emulatorjs';
import { applySaveFile, bootEmulatorJs, currentEmulator, emulatorJsLanguage } from '../emulatorjs';
import type { NetplayJoin } from '../netplay';
import { startNetplay } from '../netplay';
import type { EjsSync } from './use-ejs-sync';
import { screenshotOf } from './use-ejs-sync';
import type { StartChoices } from './use-start-choices';

export type Phase = 'prelaunch' | 'booting' | 'running' | 'quitting';

/** Netplay for this game, when config.yml enables it. */
export interface SessionNetplay {
  options: EjsNetplayOptions;
  username: string;
  /** The room to join once the game runs. */
  join: NetplayJoin | null;
}

/**
 * One EmulatorJS game: boot it with the pre-launch choices (a state to load, a save to apply
 * once it runs, the disc), and "save and quit" (a state and the save file go to the server, then
 * back to the details page).
 */
export function useEjsSession(
  rom: DetailedRom,
  choices: StartChoices,
  sync: EjsSync,
  netplay: SessionNetplay | null,
  leave: () => void = () => window.location.assign(`/rom/${rom.id}`),
) {
  const { t, i18n } = useTranslation('play');
  const theme = useTheme();
  const [phase, setPhase] = useState<Phase>('prelaunch');
  const [failure, setFailure] = useState<string | null>(null);
  const gameRef = useRef<HTMLDivElement>(null);
  const pendingSave = useRef<Uint8Array | null>(null);
  const { core, bios, disc, start, compatibleStates, states, saves } = choices;

  /** The state to load at boot, or the save to apply once the game runs. */
  const prepareStart = async (): Promise<string | null> => {
    if (start.type === 'latest-state' && compatibleStates[0] !== undefined) {
      return compatibleStates[0].download_path;
    }
    if (start.type === 'state') {
      return states.find((item) => item.id === start.id)?.download_path ?? null;
    }
    if (start.type === 'save') {
      const save = saves.find((item) => item.id === start.id);
      pendingSave.current = save === undefined ? null : await downloadAsset(save.download_path);
    }
    return null;
  };

  const gameUrl = async () =>
    disc === null
      ? romContentUrl(rom)
      : discGameUrl(
          rom,
          disc,
          await discFileIds(disc, rom.files, (file) => fetchRomFileText(rom, file.id)),
        );

  const onGameStart = () => {
    setPhase('running');
    gameRef.current?.setAttribute('data-started', 'true');
    const emulator = currentEmulator();
    const gameManager = emulator?.gameManager;
    if (pendingSave.current !== null && gameManager !== undefined) {
      applySaveFile(gameManager, pendingSave.current);
      pendingSave.current = null;
    }
    if (netplay !== null && emulator !== null) {
      startNetplay(emulator, netplay.username, netplay.join);
    }
  };

  const play = async () => {
    setFailure(null);
    setPhase('booting');
    choices.remember();
    // Starting a game is playing it: "last played" follows, even if the boot fails later.
    void markPlayed(rom.id).catch(() => undefined);
    try {
      const loadStateUrl = await prepareStart();
      await bootEmulatorJs({
        container: '#game',
        core,
        gameUrl: await gameUrl(),
        gameName: gameTitle(rom).replace(/[^\p{L}\p{N} _.-]/gu, ''),
        gameId: rom.id,
        biosUrl:
          bios === null
            ? ''
            : `/api/firmware/${bios.id}/content/${encodeURIComponent(bios.file_name)}`,
        loadStateUrl,
        language: emulatorJsLanguage(i18n.language),
        threads: coreNeedsSharedArrayBuffer(core) && window.crossOriginIsolated,
        color: theme.palette.primary.main,
        backgroundColor: theme.palette.background.default,
        onGameStart,
        onSaveState: () => void sync.handlers.current.saveState(),
        onLoadState: () => void sync.handlers.current.loadState(),
        onSaveSave: () => void sync.handlers.current.saveSave(),
        onLoadSave: () => void sync.handlers.current.loadSave(),
        netplay: netplay?.options ?? null,
      });
    } catch (error) {
      setFailure(errorMessage(error));
      setPhase('prelaunch');
    }
  };

  const saveAndQuit = async () => {
    const emulator = currentEmulator();
    const gameManager = emulator?.gameManager;
    setPhase('quitting');
    try {
      if (emulator !== null && gameManager !== undefined) {
        // Screenshot first (a paused core draws no new frame), then pause and let a threaded
        // core finish its frame before reading memory.
        const shot = await screenshotOf(gameManager);
        if (!emulator.paused) emulator.pause();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await sync.pushState(gameManager, shot);
        await sync.pushSave(gameManager, shot);
      }
      leave();
    } catch (error) {
      setPhase('running');
      sync.say(t('status.sync-failed', { error: errorMessage(error) }));
    }
  };

  // Keyboard focus goes to the game once it runs, so its keys reach the core.
  useEffect(() => {
    if (phase === 'running') gameRef.current?.querySelector('canvas')?.focus();
  }, [phase]);

  return { phase, failure, gameRef, play, saveAndQuit };
}
