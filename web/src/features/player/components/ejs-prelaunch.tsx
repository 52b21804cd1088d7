import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import type { StartChoices } from '../hooks/use-start-choices';
import { DiscSelect } from './disc-select';
import { BackToDetails } from './player-toolbar';
import { StartOptions } from './start-options';

/** The core: a choice when the platform has several, else its name. */
function CoreSelect({ choices }: { choices: StartChoices }) {
  const { t } = useTranslation('play');
  const { cores, core } = choices;
  if (cores.length <= 1) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('prelaunch.core-single', { core })}
      </Typography>
    );
  }
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id="player-core-label">{t('prelaunch.core')}</InputLabel>
      <Select
        labelId="player-core-label"
        label={t('prelaunch.core')}
        value={core}
        data-testid="player-core"
        onChange={(event) => choices.setCore(event.target.value)}
      >
        {cores.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** The BIOS, when the platform has firmware on disk: none, or one of the files. */
function BiosSelect({ choices }: { choices: StartChoices }) {
  const { t } = useTranslation('play');
  if (choices.presentFirmware.length === 0) return null;
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id="player-bios-label">{t('prelaunch.bios')}</InputLabel>
      <Select
        labelId="player-bios-label"
        label={t('prelaunch.bios')}
        value={choices.biosId}
        data-testid="player-bios"
        onChange={(event) => choices.setBiosChoice(event.target.value)}
      >
        <MenuItem value="">{t('prelaunch.bios-none')}</MenuItem>
        {choices.presentFirmware.map((file) => (
          <MenuItem key={file.id} value={String(file.id)}>
            {file.file_name} ·{' '}
            {file.is_verified ? t('prelaunch.verified') : t('prelaunch.unverified')}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** Before the game: how to start it (state, save, fresh), disc, core, BIOS, and Play. */
export function EjsPrelaunch({
  romId,
  choices,
  onPlay,
}: {
  romId: number;
  choices: StartChoices;
  onPlay: () => void;
}) {
  const { t } = useTranslation('play');
  return (
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
          states={choices.compatibleStates}
          saves={choices.saves}
          value={choices.start}
          onChange={choices.setStart}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <DiscSelect
            discs={choices.discs}
            value={choices.disc}
            onChange={(file) => choices.setDiscChoice(String(file.id))}
          />
          <CoreSelect choices={choices} />
          <BiosSelect choices={choices} />
          <Button
            variant="contained"
            size="large"
            startIcon={<PlayArrowRounded />}
            data-testid="play-start"
            onClick={onPlay}
            autoFocus
          >
            {t('prelaunch.play')}
          </Button>
          <BackToDetails romId={romId} />
          <Typography variant="caption" color="text.secondary">
            {t('prelaunch.controls-hint')}
          </Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
