import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ExtensionRounded from '@mui/icons-material/ExtensionRounded';
import FullscreenRounded from '@mui/icons-material/FullscreenRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DetailedRom } from '@romshelf/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { gameTitle } from '@/components/game-cover';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { formatBytes } from '@/lib/format';
import { getPlayability, isWebglAvailable } from '@/lib/playability';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { readSetting, writeSetting } from '@/lib/stores/storage';

import { useRomQuery } from '../../rom/api/rom';
import { markPlayed } from '../api/play-api';
import { useFullPageLoad } from '../full-page-load';
import { NotPlayable } from './not-playable';
import { PlayerPending } from './player-pending';

export const RUFFLE_PATH = '/ruffle/';
const DEFAULT_BACKGROUND = '#0D1117';
const backgroundKey = (romId: number) => `player:ruffle:${romId}:backgroundColor`;

interface RufflePlayerElement extends HTMLElement {
  load(options: { url: string }): Promise<void>;
}
interface RuffleApi {
  config?: Record<string, unknown>;
  newest(): { createPlayer(): RufflePlayerElement };
}
type RuffleWindow = Window & { RufflePlayer?: RuffleApi };

function loadRuffleScript(): Promise<RuffleApi> {
  const w = window as RuffleWindow;
  w.RufflePlayer = w.RufflePlayer ?? {
    config: {},
    newest: () => {
      throw new Error('Ruffle is not loaded');
    },
  };
  // Everything from our server: the wasm next to ruffle.js, no polyfills, no outbound links.
  w.RufflePlayer.config = {
    publicPath: RUFFLE_PATH,
    polyfills: false,
    autoplay: 'on',
    unmuteOverlay: 'hidden',
    letterbox: 'on',
    openUrlMode: 'confirm',
    showSwfDownload: false,
    contextMenu: 'rightClickOnly',
  };
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${RUFFLE_PATH}ruffle.js`;
    script.onload = () => {
      const api = (window as RuffleWindow).RufflePlayer;
      if (api === undefined) reject(new Error('Ruffle is not loaded'));
      else resolve(api);
    };
    script.onerror = () => reject(new Error('Ruffle could not be loaded'));
    document.body.appendChild(script);
  });
}

/** `rom/{rom}/ruffle`: Flash games (platforms flash and browser) in Ruffle. */
export function RufflePlayerPage() {
  const { t } = useTranslation('play');
  const { rom: romParam = '' } = useParams();
  const ready = useFullPageLoad();
  const romQuery = useRomQuery(romParam, ready);
  const heartbeat = useHeartbeatStore((state) => state.value);
  const rom = romQuery.data;

  if (!ready || romQuery.isPending || heartbeat === null) return <PlayerPending />;
  if (rom === undefined) return <PlayerPending error={romQuery.error} />;
  const playability = getPlayability(rom, {
    disableEmulatorJs: heartbeat.EMULATION.DISABLE_EMULATOR_JS,
    disableRuffle: heartbeat.EMULATION.DISABLE_RUFFLE_RS,
    webglAvailable: isWebglAvailable(),
  });
  return (
    <>
      <PageHeader
        title={gameTitle(rom)}
        subtitle={t('ruffle.subtitle', { platform: rom.platform_display_name })}
        icon={<ExtensionRounded />}
      />
      {playability.kind !== 'ruffle' || playability.reason !== null ? (
        <NotPlayable romId={romParam} reason={playability.reason ?? 'no_core'} />
      ) : (
        <RufflePlayer rom={rom} />
      )}
    </>
  );
}

function RufflePlayer({ rom }: { rom: DetailedRom }) {
  const { t } = useTranslation('play');
  const [background, setBackground] = useState(
    () => readSetting(backgroundKey(rom.id)) ?? DEFAULT_BACKGROUND,
  );
  const [started, setStarted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);

  const play = async () => {
    setFailure(null);
    setStarted(true);
    writeSetting(backgroundKey(rom.id), background);
    void markPlayed(rom.id).catch(() => undefined);
    try {
      const ruffle = await loadRuffleScript();
      const player = ruffle.newest().createPlayer();
      player.style.width = '100%';
      player.style.height = '100%';
      player.setAttribute('data-testid', 'ruffle-player');
      stageRef.current?.replaceChildren(player);
      // The movie keeps its own background; the chosen colour fills the letterbox around it.
      await player.load({ url: `/api/roms/${rom.id}/content/${encodeURIComponent(rom.fs_name)}` });
    } catch (error) {
      setFailure(errorMessage(error));
      setStarted(false);
    }
  };

  return (
    <Stack spacing={2}>
      {failure !== null ? <Alert severity="error">{failure}</Alert> : null}
      {!started ? (
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 520 }} data-testid="player-prelaunch">
          <Stack spacing={2}>
            <Typography variant="body2">
              {rom.fs_name} · {formatBytes(rom.fs_size_bytes)}
            </Typography>
            <TextField
              type="color"
              size="small"
              label={t('ruffle.background')}
              value={background}
              onChange={(event) => setBackground(event.target.value)}
              sx={{ maxWidth: 200 }}
            />
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
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
            </Stack>
          </Stack>
        </Paper>
      ) : (
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            startIcon={<FullscreenRounded />}
            onClick={() => void stageRef.current?.requestFullscreen().catch(() => undefined)}
          >
            {t('player.fullscreen')}
          </Button>
          <Button href={`/rom/${rom.id}`} startIcon={<ArrowBackRounded />}>
            {t('player.quit')}
          </Button>
        </Stack>
      )}
      <Box
        ref={stageRef}
        data-testid="ruffle-stage"
        sx={{
          display: started ? 'block' : 'none',
          width: '100%',
          maxWidth: 1100,
          mx: 'auto',
          aspectRatio: '4 / 3',
          maxHeight: 'calc(100dvh - 240px)',
          bgcolor: background,
          borderRadius: 1,
          overflow: 'hidden',
        }}
      />
    </Stack>
  );
}
