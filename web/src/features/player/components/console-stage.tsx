import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The game over the whole screen, as console mode plays it; Escape or Select + Start leaves. */
export function ConsoleStage({
  failure,
  quitting,
  children,
}: {
  failure: string | null;
  quitting: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('play');
  return (
    <Box
      data-testid="player-console-stage"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal,
        bgcolor: 'common.black',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      {failure !== null || quitting ? (
        <Alert severity={failure !== null ? 'error' : 'info'} sx={{ borderRadius: 0 }}>
          {failure ?? t('player.saving')}
        </Alert>
      ) : null}
      <Box sx={{ flex: 1, minHeight: 0 }}>{children}</Box>
    </Box>
  );
}
