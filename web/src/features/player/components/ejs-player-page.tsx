import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import FullscreenRounded from '@mui/icons-material/FullscreenRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import SaveRounded from '@mui/icons-material/SaveRounded';
import VideogameAssetRounded from '@mui/icons-material/VideogameAssetRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { DetailedRom, Save, State } from '@romshelf/contract';
import { coreNeedsSharedArrayBuffer, getCoresForPlatform } from '@romshelf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { gameTitle } from '@/components/game-cover';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { romContentUrl } from '@/lib/download';
import { getPlayability, isWebglAvailable } from '@/lib/playability';
import { useConfigStore } from '@/shared/stores/config-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { readSetting, writeSetting } from '@/lib/stores/storage';

import { useRomQuery } from '../../rom/api/rom';
import {
  downloadAsset,
  fetchRomFileText,
  fetchStates,
  markPlayed,
  uploadSave,
  uploadState,
  useFirmwareQuery,
  useSavesQuery,
  useStatesQuery,
} from '../api/play-api';
import { discFileIds, discGameUrl, discKey, listDiscs, pickDisc } from '../discs';
import {
  applySaveFile,
  bootEmulatorJs,
  currentEmulator,
  emulatorJsLanguage,
  timestampedStem,
} from '../emulatorjs';
import type { EjsGameManager } from '../emulatorjs';
import { useFullPageLoad } from '../full-page-load';
import { DiscSelect } from './disc-select';
import { NotPlayable } from './not-playable';
import { PlayerPending } from './player-pending';
import type { StartChoice } from './start-options';
import { StartOptions } from './start-options';

const coreKey = (platform: string) => `player:${platform}:core`;
const biosKey = (platform: string) => `player:${platform}:bios_id`;

type Phase = 'prelaunch' | 'booting' | 'running' | 'quitting';

function pngBlob(bytes: Uint8Array | null): Blob | null {
  return bytes === null || bytes.length === 0
    ? null
    : new Blob([bytes as BlobPart], { type: 'image/png' });
}

/** The core's screenshot; null when it fails or does not come within 3 s (a paused core). */
async function screenshotOf(gameManager: EjsGameManager): Promise<Blob | null> {
  try {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000));
    return pngBlob(await Promise.race([gameManager.screenshot(), timeout]));
  } catch {
    return null;
  }
}

/** `rom/{rom}/ejs`: pre-launch choices, then the game in EmulatorJS. */
export function EjsPlayerPage() {
  const { t } = useTranslation('play');
  const { rom: romParam = '' } = useParams();
  const ready = useFullPageLoad();
  const romQuery = useRomQuery(romParam, ready);
  const rom = romQuery.data;
  const heartbeat = useHeartbeatStore((state) => state.value);
  const versions = useConfigStore((state) => state.value?.PLATFORMS_VERSIONS);

  if (!ready || romQuery.isPending || heartbeat === null) return <PlayerPending />;
  if (rom === undefined) return <PlayerPending error={romQuery.error} />;
  const playability = getPlayability(rom, {
    disableEmulatorJs: heartbeat.EMULATION.DISABLE_EMULATOR_JS,
    disableRuffle: heartbeat.EMULATION.DISABLE_RUFFLE_RS,
    webglAvailable: isWebglAvailable(),
    versions,
  });
  const header = (
    <PageHeader
      title={gameTitle(rom)}
      subtitle={t('ejs.subtitle', { platform: rom.platform_display_name })}
      icon={<VideogameAssetRounded />}
    />
  );
  if (playability.kind !== 'ejs' || playability.reason !== null) {
    return (
      <>
        {header}
        <NotPlayable romId={romParam} reason={playability.reason ?? 'no_core'} />
      </>
    );
  }
  return (
    <>
      {header}
      <EjsPlayer rom={rom} versions={versions} />
    </>
  );
}

function EjsPlayer({
  rom,
  versions,
}: {
  rom: DetailedRom;
  versions: Readonly<Record<string, string>> | undefined;
}) {
  const { t, i18n } = useTranslation('play');
  const theme = useTheme();
  const queryClient = useQueryClient();
  const cores = getCoresForPlatform(rom.platform_slug, versions);
  const firmware = useFirmwareQuery(rom.platform_id).data ?? [];
  const states = useStatesQuery(rom.id).data ?? [];
  const saves = useSavesQuery(rom.id).data ?? [];

  const [core, setCore] = useState<string>(() => {
    const remembered = readSetting(coreKey(rom.platform_slug));
    return remembered !== null && (cores as readonly string[]).includes(remembered)
      ? remembered
      : (cores[0] ?? '');
  });
  const [biosChoice, setBiosChoice] = useState<string | null>(() =>
    readSetting(biosKey(rom.platform_slug)),
  );
  const [discChoice, setDiscChoice] = useState<string | null>(() => readSetting(discKey(rom.id)));
  const [choice, setChoice] = useState<StartChoice | null>(null);
  const [phase, setPhase] = useState<Phase>('prelaunch');
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const gameRef = useRef<HTMLDivElement>(null);
  const pendingSave = useRef<Uint8Array | null>(null);

  // BIOS default: the last one used for the platform, else the only one.
  const presentFirmware = firmware.filter((file) => !file.missing_from_fs);
  const biosId =
    biosChoice !== null && presentFirmware.some((file) => String(file.id) === biosChoice)
      ? biosChoice
      : presentFirmware.length === 1
        ? String(presentFirmware[0]?.id)
        : '';
  const bios = presentFirmware.find((file) => String(file.id) === biosId) ?? null;
  const discs = listDiscs(rom.files);
  const disc = pickDisc(discs, discChoice);
  const compatibleStates = states.filter(
    (state) => state.emulator === null || state.emulator === core,
  );
  const start: StartChoice =
    choice ??
    (compatibleStates[0] !== undefined
      ? { type: 'latest-state' }
      : saves[0] !== undefined
        ? { type: 'save', id: saves[0].id }
        : { type: 'fresh' });

  const say = (message: string) => {
    setStatus(message);
    currentEmulator()?.displayMessage(message, 3000);
  };
  const refreshAssets = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['states', rom.id] }),
      queryClient.invalidateQueries({ queryKey: ['saves', rom.id] }),
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

  // Handlers EmulatorJS calls: they read the latest values through this ref.
  const handlers = useRef({
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
        let latest: State[] = [];
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
        const save: Save | undefined = saves[0];
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

  const play = async () => {
    setFailure(null);
    setPhase('booting');
    writeSetting(coreKey(rom.platform_slug), core);
    writeSetting(biosKey(rom.platform_slug), biosId);
    if (disc !== null) writeSetting(discKey(rom.id), String(disc.id));
    // Starting a game is playing it: "last played" follows, even if the boot fails later.
    void markPlayed(rom.id).catch(() => undefined);
    let loadStateUrl: string | null = null;
    try {
      if (start.type === 'latest-state' && compatibleStates[0] !== undefined) {
        loadStateUrl = compatibleStates[0].download_path;
      } else if (start.type === 'state') {
        loadStateUrl = states.find((item) => item.id === start.id)?.download_path ?? null;
      } else if (start.type === 'save') {
        const save = saves.find((item) => item.id === start.id);
        pendingSave.current = save === undefined ? null : await downloadAsset(save.download_path);
      }
      const gameUrl =
        disc === null
          ? romContentUrl(rom)
          : discGameUrl(
              rom,
              disc,
              await discFileIds(disc, rom.files, (file) => fetchRomFileText(rom, file.id)),
            );
      await bootEmulatorJs({
        container: '#game',
        core,
        gameUrl,
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
        onGameStart: () => {
          setPhase('running');
          gameRef.current?.setAttribute('data-started', 'true');
          const gameManager = currentEmulator()?.gameManager;
          if (pendingSave.current !== null && gameManager !== undefined) {
            applySaveFile(gameManager, pendingSave.current);
            pendingSave.current = null;
          }
        },
        onSaveState: () => void handlers.current.saveState(),
        onLoadState: () => void handlers.current.loadState(),
        onSaveSave: () => void handlers.current.saveSave(),
        onLoadSave: () => void handlers.current.loadSave(),
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
        await pushState(gameManager, shot);
        await pushSave(gameManager, shot);
      }
      window.location.assign(`/rom/${rom.id}`);
    } catch (error) {
      setPhase('running');
      say(t('status.sync-failed', { error: errorMessage(error) }));
    }
  };

  const fullscreen = () => {
    void gameRef.current?.requestFullscreen().catch(() => undefined);
  };

  // Keyboard focus goes to the game once it runs, so its keys reach the core.
  useEffect(() => {
    if (phase === 'running') gameRef.current?.querySelector('canvas')?.focus();
  }, [phase]);

  const started = phase !== 'prelaunch';
  return (
    <Stack spacing={2}>
      {failure !== null ? <Alert severity="error">{failure}</Alert> : null}
      {!started ? (
        <Box
          data-testid="player-prelaunch"
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
            alignItems: 'start',
          }}
        >
          <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
            <StartOptions
              states={compatibleStates}
              saves={saves}
              value={start}
              onChange={setChoice}
            />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <DiscSelect
                discs={discs}
                value={disc}
                onChange={(file) => setDiscChoice(String(file.id))}
              />
              {cores.length > 1 ? (
                <FormControl size="small" fullWidth>
                  <InputLabel id="player-core-label">{t('prelaunch.core')}</InputLabel>
                  <Select
                    labelId="player-core-label"
                    label={t('prelaunch.core')}
                    value={core}
                    data-testid="player-core"
                    onChange={(event) => setCore(event.target.value)}
                  >
                    {cores.map((name) => (
                      <MenuItem key={name} value={name}>
                        {name}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('prelaunch.core-single', { core })}
                </Typography>
              )}
              {presentFirmware.length > 0 ? (
                <FormControl size="small" fullWidth>
                  <InputLabel id="player-bios-label">{t('prelaunch.bios')}</InputLabel>
                  <Select
                    labelId="player-bios-label"
                    label={t('prelaunch.bios')}
                    value={biosId}
                    data-testid="player-bios"
                    onChange={(event) => setBiosChoice(event.target.value)}
                  >
                    <MenuItem value="">{t('prelaunch.bios-none')}</MenuItem>
                    {presentFirmware.map((file) => (
                      <MenuItem key={file.id} value={String(file.id)}>
                        {file.file_name} ·{' '}
                        {file.is_verified ? t('prelaunch.verified') : t('prelaunch.unverified')}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
              ) : null}
              <Button
                variant="contained"
                size="large"
                startIcon={<PlayArrowRounded />}
                data-testid="play-start"
                onClick={() => void play()}
                autoFocus
              >
                {t('prelaunch.play')}
              </Button>
              <Button href={`/rom/${rom.id}`} startIcon={<ArrowBackRounded />}>
                {t('player.back-to-details')}
              </Button>
              <Typography variant="caption" color="text.secondary">
                {t('prelaunch.controls-hint')}
              </Typography>
            </Stack>
          </Paper>
        </Box>
      ) : null}
      {started ? (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Button
            variant="contained"
            startIcon={<SaveRounded />}
            data-testid="player-save-quit"
            disabled={phase !== 'running'}
            onClick={() => void saveAndQuit()}
          >
            {phase === 'quitting' ? t('player.saving') : t('player.save-quit')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<FullscreenRounded />}
            data-testid="player-fullscreen"
            onClick={fullscreen}
          >
            {t('player.fullscreen')}
          </Button>
          <Button href={`/rom/${rom.id}`} startIcon={<ArrowBackRounded />}>
            {t('player.quit')}
          </Button>
          <Typography
            variant="body2"
            color="text.secondary"
            role="status"
            aria-live="polite"
            data-testid="player-status"
            sx={{ ml: 1 }}
          >
            {status}
          </Typography>
        </Stack>
      ) : null}
      <Box
        sx={{
          display: started ? 'block' : 'none',
          width: '100%',
          maxWidth: 1100,
          mx: 'auto',
          aspectRatio: '4 / 3',
          maxHeight: 'calc(100dvh - 240px)',
          bgcolor: 'common.black',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <div
          id="game"
          ref={gameRef}
          data-testid="player-game"
          style={{ width: '100%', height: '100%' }}
        />
      </Box>
    </Stack>
  );
}
