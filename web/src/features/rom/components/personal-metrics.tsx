import StarRounded from '@mui/icons-material/StarRounded';
import type { RomUser } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { PropsChange } from '@/shared/api/rom-props';

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

/** Rating, difficulty and completion; a slider's value is saved when it is let go. */
export function PersonalMetrics({
  user,
  save,
}: {
  user: RomUser;
  save: (change: PropsChange) => Promise<void>;
}) {
  const { t } = useTranslation('rom');
  // While a slider is dragged its value is local; the saved value shows otherwise.
  const [draggedDifficulty, setDifficulty] = useState<number | null>(null);
  const [draggedCompletion, setCompletion] = useState<number | null>(null);
  const difficulty = draggedDifficulty ?? user.difficulty;
  const completion = draggedCompletion ?? user.completion;
  return (
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
  );
}
