import SaveRounded from '@mui/icons-material/SaveRounded';
import VideogameAssetRounded from '@mui/icons-material/VideogameAssetRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { DetailedRom } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { useActivityReport } from '../hooks/use-activity-report';
import { useAutostart, useConsoleExit, useConsolePlay } from '../hooks/use-console-play';
import { useEjsSession } from '../hooks/use-ejs-session';
import { usePlayWhenReady } from '../hooks/use-play-when-ready';
import { useSessionNetplay } from '../hooks/use-session-netplay';
import { useEjsSync } from '../hooks/use-ejs-sync';
import { usePlayTimeReport } from '../hooks/use-play-time-report';
import { useStartChoices } from '../hooks/use-start-choices';
import { ConsoleStage } from './console-stage';
import { EjsPrelaunch } from './ejs-prelaunch';
import { PlayerShell } from './player-shell';
import type { PlatformVersions } from './player-shell';
import { PlayerStage } from './player-stage';
import { PlayerToolbar } from './player-toolbar';

/** `rom/{rom}/ejs`: pre-launch choices, then the game in EmulatorJS. */
export function EjsPlayerPage() {
  return (
    <PlayerShell kind="ejs" icon={<VideogameAssetRounded />}>
      {(rom, versions) => <EjsPlayer rom={rom} versions={versions} />}
    </PlayerShell>
  );
}

function EjsPlayer({ rom, versions }: { rom: DetailedRom; versions: PlatformVersions }) {
  const { t } = useTranslation('play');
  const consolePlay = useConsolePlay(rom.id);
  const choices = useStartChoices(rom, versions, consolePlay.start);
  const sync = useEjsSync({
    rom,
    core: choices.core,
    states: choices.states,
    saves: choices.saves,
  });
  const { netplay, room, roomGone, settled } = useSessionNetplay(rom.id);
  const { phase, failure, gameRef, play, saveAndQuit } = useEjsSession(
    rom,
    choices,
    sync,
    netplay,
    consolePlay.active ? consolePlay.leave : undefined,
  );
  const started = phase !== 'prelaunch';
  usePlayTimeReport(rom.id, phase === 'running', sync.beaconSave);
  useActivityReport(rom.id, phase === 'running');
  const askPlay = usePlayWhenReady(choices.settled && settled, () => void play());
  useAutostart(consolePlay.active && choices.loaded, askPlay);
  useConsoleExit(consolePlay.active, () => {
    if (phase === 'running') void saveAndQuit();
    else consolePlay.leave();
  });
  const game = (
    <div
      id="game"
      ref={gameRef}
      data-testid="player-game"
      style={{ width: '100%', height: '100%' }}
    />
  );
  if (consolePlay.active) {
    return (
      <ConsoleStage failure={failure} quitting={phase === 'quitting'}>
        {game}
      </ConsoleStage>
    );
  }

  return (
    <Stack spacing={2}>
      {failure !== null ? <Alert severity="error">{failure}</Alert> : null}
      {!started && room !== null ? (
        <Alert severity="info" data-testid="player-netplay-join">
          {t('netplay.join-on-start', { name: room.player_name })}
        </Alert>
      ) : null}
      {!started && roomGone ? (
        <Alert severity="warning" data-testid="player-netplay-gone">
          {t('netplay.room-gone')}
        </Alert>
      ) : null}
      {started ? (
        <PlayerToolbar
          romId={rom.id}
          fullscreenTarget={gameRef}
          status={sync.status}
          actions={
            <Button
              variant="contained"
              startIcon={<SaveRounded />}
              data-testid="player-save-quit"
              disabled={phase !== 'running'}
              onClick={() => void saveAndQuit()}
            >
              {phase === 'quitting' ? t('player.saving') : t('player.save-quit')}
            </Button>
          }
        />
      ) : (
        <EjsPrelaunch romId={rom.id} choices={choices} onPlay={askPlay} />
      )}
      <PlayerStage shown={started} background="common.black">
        {game}
      </PlayerStage>
    </Stack>
  );
}
