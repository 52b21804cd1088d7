import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import type { RomUser } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

import { PLAY_STATUSES, statusEmoji, statusLabelKey } from '@/lib/play-status';
import type { PropsChange } from '@/shared/api/rom-props';

/** Favourite, and the play status as a radio group (a second click on the status clears it). */
export function PersonalStatus({
  user,
  save,
}: {
  user: RomUser;
  save: (change: PropsChange) => Promise<void>;
}) {
  const { t } = useTranslation('rom');
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2">{t('personal.status')}</Typography>
        <Button
          size="small"
          variant={user.is_favorite ? 'contained' : 'outlined'}
          color={user.is_favorite ? 'error' : 'inherit'}
          startIcon={user.is_favorite ? <FavoriteRounded /> : <FavoriteBorderRounded />}
          aria-pressed={user.is_favorite}
          data-testid="rom-favourite"
          onClick={() => void save({ data: { is_favorite: !user.is_favorite } })}
        >
          {user.is_favorite ? t('personal.favourite') : t('personal.add-favourite')}
        </Button>
      </Stack>
      <Box
        role="radiogroup"
        aria-label={t('personal.status')}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
          gap: 1,
        }}
      >
        {PLAY_STATUSES.map((status) => {
          const selected = user.status === status;
          return (
            <ButtonBase
              key={status}
              role="radio"
              aria-checked={selected}
              data-testid={`rom-status-${status}`}
              onClick={() => void save({ data: { status: selected ? null : status } })}
              sx={(theme) => ({
                justifyContent: 'flex-start',
                gap: 1,
                px: 1.25,
                py: 1,
                borderRadius: '10px',
                border: `1px solid ${selected ? theme.palette.primary.main : theme.palette.divider}`,
                bgcolor: selected ? alpha(theme.palette.primary.main, 0.16) : 'transparent',
                fontWeight: selected ? 700 : 500,
                fontSize: 13.5,
                textAlign: 'left',
                transition: 'all 120ms',
                '&:hover': { borderColor: theme.palette.primary.main },
              })}
            >
              <Box component="span" sx={{ fontSize: 18, lineHeight: 1 }} aria-hidden>
                {statusEmoji(status)}
              </Box>
              {t(statusLabelKey(status))}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
