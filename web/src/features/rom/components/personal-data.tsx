import HistoryToggleOffRounded from '@mui/icons-material/HistoryToggleOffRounded';
import SportsEsportsRounded from '@mui/icons-material/SportsEsportsRounded';
import { EDITOR_RENDER_DELAY_MS } from '@romshelf/contract';
import type { DetailedRom } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { PropsChange } from '@/shared/api/rom-props';

import { useSavePersonalDataMutation } from '../api/personal-data';
import { PersonalMetrics } from './personal-metrics';
import { PersonalStatus } from './personal-status';

/** Source text that settles for `delay` ms before it is rendered (SPEC EDITOR_RENDER_DELAY_MS). */
export function useDebounced<T>(value: T, delay = EDITOR_RENDER_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The caller's own data about a game (SPEC §7 PUT /roms/{id}/props): play status, favourite,
 * rating, difficulty, completion and last played. Notes have their own section (rom-notes).
 */
export function PersonalData({
  rom,
  onChange,
}: {
  rom: DetailedRom;
  onChange: (rom: DetailedRom) => void;
}) {
  const { t } = useTranslation('rom');
  const user = rom.rom_user;
  const saveProps = useSavePersonalDataMutation(rom, onChange);
  // Settles either way: a failure shows in the alert below.
  const save = (change: PropsChange): Promise<void> =>
    saveProps.mutateAsync(change).then(
      () => undefined,
      () => undefined,
    );
  const error = saveProps.error ? errorMessage(saveProps.error) : null;

  return (
    <Stack spacing={3} data-testid="rom-personal">
      <PersonalStatus user={user} save={save} />

      <PersonalMetrics user={user} save={save} />

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography variant="overline" color="text.secondary">
            {t('personal.last-played')}
          </Typography>
          <Typography variant="body2" data-testid="rom-last-played">
            {user.last_played ? formatDateTime(user.last_played) : t('personal.never-played')}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<SportsEsportsRounded />}
          data-testid="rom-mark-played"
          onClick={() => void save({ update_last_played: true })}
        >
          {t('personal.mark-played')}
        </Button>
        {user.last_played ? (
          <Button
            color="inherit"
            startIcon={<HistoryToggleOffRounded />}
            data-testid="rom-remove-played"
            onClick={() => void save({ remove_last_played: true })}
          >
            {t('personal.remove-played')}
          </Button>
        ) : null}
      </Stack>

      {error ? (
        <Alert severity="error" onClose={() => saveProps.reset()} data-testid="rom-personal-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
