import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import FullscreenRounded from '@mui/icons-material/FullscreenRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A link back to the game's details page: a full page load, which also ends the game and leaves
 * the player's cross-origin isolation behind.
 */
export function BackToDetails({ romId, quit = false }: { romId: number; quit?: boolean }) {
  const { t } = useTranslation('play');
  return (
    <Button href={`/rom/${romId}`} startIcon={<ArrowBackRounded />}>
      {quit ? t('player.quit') : t('player.back-to-details')}
    </Button>
  );
}

/** The bar above a running game: the player's own actions, fullscreen, quit and a status line. */
export function PlayerToolbar({
  romId,
  fullscreenTarget,
  actions,
  status,
}: {
  romId: number;
  /** What goes fullscreen: the game's area. */
  fullscreenTarget: RefObject<HTMLElement | null>;
  actions?: ReactNode;
  /** Announced to screen readers as it changes. */
  status?: string;
}) {
  const { t } = useTranslation('play');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      {actions}
      <Button
        variant="outlined"
        startIcon={<FullscreenRounded />}
        data-testid="player-fullscreen"
        onClick={() => void fullscreenTarget.current?.requestFullscreen().catch(() => undefined)}
      >
        {t('player.fullscreen')}
      </Button>
      <BackToDetails romId={romId} quit />
      {status !== undefined ? (
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
      ) : null}
    </Stack>
  );
}
