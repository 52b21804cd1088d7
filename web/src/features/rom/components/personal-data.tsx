import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import HistoryToggleOffRounded from '@mui/icons-material/HistoryToggleOffRounded';
import SportsEsportsRounded from '@mui/icons-material/SportsEsportsRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import { EDITOR_RENDER_DELAY_MS } from '@romshelf/contract';
import type { DetailedRom, PlayStatus, RomUser } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Rating from '@mui/material/Rating';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { saveRomProps } from '@/shared/api/rom-props';
import { errorMessage } from '@/lib/api-client';
import type { PropsChange } from '@/shared/api/rom-props';
import { formatDateTime } from '@/lib/format';
import { PLAY_STATUSES, statusEmoji, statusLabelKey } from '@/lib/play-status';
import { addCachedContinuePlaying } from '@/shared/api/rom-cache';
import { romKeys } from '@/shared/api/rom-keys';

/** Source text that settles for `delay` ms before it is rendered (SPEC EDITOR_RENDER_DELAY_MS). */
export function useDebounced<T>(value: T, delay = EDITOR_RENDER_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

function Metric({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="overline" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Typography>
      </Stack>
      {children}
    </Box>
  );
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
  const queryClient = useQueryClient();
  const user = rom.rom_user;
  // While a slider is dragged its value is local; the saved value shows otherwise.
  const [draggedDifficulty, setDifficulty] = useState<number | null>(null);
  const [draggedCompletion, setCompletion] = useState<number | null>(null);
  const difficulty = draggedDifficulty ?? user.difficulty;
  const completion = draggedCompletion ?? user.completion;
  const saveProps = useMutation({
    mutationFn: (change: PropsChange) => saveRomProps(queryClient, rom, change),
    onSuccess: (romUser: RomUser, change) => {
      const next = { ...rom, rom_user: romUser };
      onChange(next);
      if (change.update_last_played) {
        addCachedContinuePlaying(queryClient, { ...next, screenshot_path: null });
      }
      void queryClient.invalidateQueries({ queryKey: romKeys.continuePlaying() });
      void queryClient.invalidateQueries({ queryKey: romKeys.lists() });
    },
  });
  // Settles either way: a failure shows in the alert below.
  const save = (change: PropsChange): Promise<void> =>
    saveProps.mutateAsync(change).then(
      () => undefined,
      () => undefined,
    );
  const error = saveProps.error ? errorMessage(saveProps.error) : null;
  const setStatus = (status: PlayStatus | null) => void save({ data: { status } });

  return (
    <Stack spacing={3} data-testid="rom-personal">
      <Box>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
        >
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
                onClick={() => setStatus(selected ? null : status)}
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

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          gap: { xs: 2, sm: 3 },
        }}
      >
        <Metric label={t('personal.rating')} value={`${String(user.rating)}/10`}>
          <Rating
            max={10}
            value={user.rating}
            onChange={(_, value) => void save({ data: { rating: value ?? 0 } })}
            getLabelText={(value) => t('personal.rating-stars', { count: value })}
            emptyLabelText={t('personal.rating-none')}
            icon={<StarRounded fontSize="inherit" />}
            emptyIcon={<StarRounded fontSize="inherit" sx={{ opacity: 0.3 }} />}
            sx={{ fontSize: { xs: 26, sm: 18, lg: 22 } }}
            data-testid="rom-rating"
          />
        </Metric>
        <Metric label={t('personal.difficulty')} value={`${String(difficulty)}/10`}>
          <Slider
            min={0}
            max={10}
            step={1}
            marks
            value={difficulty}
            onChange={(_, value) => setDifficulty(value)}
            onChangeCommitted={(_, value) =>
              void save({ data: { difficulty: value } }).finally(() => setDifficulty(null))
            }
            aria-label={t('personal.difficulty')}
            data-testid="rom-difficulty"
          />
        </Metric>
        <Metric label={t('personal.completion')} value={`${String(completion)}%`}>
          <Slider
            min={0}
            max={100}
            step={5}
            value={completion}
            onChange={(_, value) => setCompletion(value)}
            onChangeCommitted={(_, value) =>
              void save({ data: { completion: value } }).finally(() => setCompletion(null))
            }
            aria-label={t('personal.completion')}
            data-testid="rom-completion"
          />
        </Metric>
      </Box>

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
