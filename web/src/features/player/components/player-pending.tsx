import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';

/** What both player pages show until the game can be played: a spinner, or why it failed to load. */
export function PlayerPending({ error }: { error?: unknown }) {
  const { t } = useTranslation('play');
  if (error !== undefined) {
    return (
      <Alert severity="error" data-testid="player-error">
        {errorMessage(error)}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
      <CircularProgress aria-label={t('player.loading')} />
    </Box>
  );
}
