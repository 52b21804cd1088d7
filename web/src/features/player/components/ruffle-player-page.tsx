import ExtensionRounded from '@mui/icons-material/ExtensionRounded';
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

import { errorMessage } from '@/lib/api-client';
import { formatBytes } from '@/lib/format';
import { readSetting, writeSetting } from '@/lib/stores/storage';

import { markPlayed } from '../api/play-api';
import { useAutostart, useConsoleExit, useConsolePlay } from '../hooks/use-console-play';
import { ConsoleStage } from './console-stage';
import { PlayerShell } from './player-shell';
import { PlayerStage } from './player-stage';
import { BackToDetails, PlayerToolbar } from './player-toolbar';

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
  return (
    <PlayerShell kind="ruffle" icon={<ExtensionRounded />}>
      {(rom) => <RufflePlayer rom={rom} />}
    </PlayerShell>
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

  const consolePlay = useConsolePlay(rom.id);
  useAutostart(consolePlay.active, () => void play());
  useConsoleExit(consolePlay.active, consolePlay.leave);
  if (consolePlay.active) {
    return (
      <ConsoleStage failure={failure} quitting={false}>
        <Box
          ref={stageRef}
          data-testid="ruffle-stage"
          sx={{ width: '100%', height: '100%' }}
          style={{ background }}
        />
      </ConsoleStage>
    );
  }

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
              <BackToDetails romId={rom.id} />
            </Stack>
          </Stack>
        </Paper>
      ) : (
        <PlayerToolbar romId={rom.id} fullscreenTarget={stageRef} />
      )}
      <PlayerStage ref={stageRef} shown={started} background={background} testId="ruffle-stage" />
    </Stack>
  );
}
